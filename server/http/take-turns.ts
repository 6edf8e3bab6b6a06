import type { IncomingMessage, ServerResponse } from "node:http";

type Listener = (req: IncomingMessage, res: ServerResponse) => void;

/** How long one turn of the event loop may spend starting queued requests. */
const TURN_BUDGET_MS = 4;

/**
 * Starts requests in the order they came, a few milliseconds' worth per turn of the event loop,
 * so a crowd of busy keep-alive connections cannot shut new visitors out.
 *
 * libuv accepts one new connection per turn of the loop (libuv#3696), and in one turn Node runs
 * every request whose bytes are in. With SQLite (synchronous) a request runs to its answer within
 * its turn, so a turn with 25 busy connections took ~30 ms and let in one newcomer: in the
 * registration rush the first requests of the last 30 of 50 connections waited 30 ms per place,
 * up to 1.1 s, behind requests that came later on the others. Here a request joins a queue when
 * its bytes are in, and each turn starts the oldest ones until TURN_BUDGET_MS has gone: a turn is
 * a few milliseconds long, so a new connection gets in quickly and then takes its place in line,
 * while cheap requests (a page's thirty scripts) still start together instead of one per turn.
 */
export function takeTurns(start: Listener): Listener {
  const queue: [IncomingMessage, ServerResponse][] = [];
  let scheduled = false;
  const startOldest = () => {
    scheduled = false;
    const until = performance.now() + TURN_BUDGET_MS;
    do {
      const next = queue.shift();
      if (next) start(next[0], next[1]);
    } while (queue.length && performance.now() < until);
    if (queue.length) schedule();
  };
  const schedule = () => {
    if (scheduled) return;
    scheduled = true;
    setImmediate(startOldest);
  };
  return (req, res) => {
    queue.push([req, res]);
    schedule();
  };
}
