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
 * its bytes are in, and each turn starts the oldest ones, as many as TURN_BUDGET_MS holds by what
 * the last turn's requests cost: a turn is a few milliseconds long, so a new connection gets in
 * quickly and then takes its place in line, while cheap requests (a page's thirty scripts, kept
 * pages) still start together instead of one per turn. Before the cost was measured this way, 32
 * connections searching (~1.5 ms each) made 48 ms turns, and the last of 32 new connections waited
 * a second to be accepted.
 */
export function takeTurns(start: Listener): Listener {
  const queue: [IncomingMessage, ServerResponse][] = [];
  let scheduled = false;
  // A request's work mostly runs after start() returns, in its promise continuations (a SQLite
  // query through Kysely resolves at once), so the time start() takes does not say what a turn
  // costs: the time from one batch to the next turn does. It sets how many start in a turn.
  let perRequestMs = 1;
  let lastBatch = { at: 0, started: 0 };
  const startOldest = () => {
    scheduled = false;
    const now = performance.now();
    if (lastBatch.started > 0)
      perRequestMs = Math.max(0.001, (now - lastBatch.at) / lastBatch.started);
    const most = Math.max(1, Math.floor(TURN_BUDGET_MS / perRequestMs));
    const until = now + TURN_BUDGET_MS;
    let started = 0;
    do {
      const next = queue.shift();
      if (next) start(next[0], next[1]);
      started++;
    } while (queue.length && started < most && performance.now() < until);
    // Measured at the next turn only if it comes straight after this one (requests still wait).
    lastBatch = { at: now, started: queue.length ? started : 0 };
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
