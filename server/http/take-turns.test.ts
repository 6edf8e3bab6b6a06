import type { IncomingMessage, ServerResponse } from "node:http";
import { describe, expect, it } from "vitest";
import { takeTurns } from "./take-turns";

const req = (name: string) => ({ url: name }) as IncomingMessage;
const res = {} as ServerResponse;
const turn = () => new Promise((r) => setImmediate(r));
const busyFor = (ms: number) => {
  const until = performance.now() + ms;
  while (performance.now() < until);
};

describe("takeTurns", () => {
  it("starts requests in the order they came, in a later turn, cheap ones together", async () => {
    const started: string[] = [];
    const listener = takeTurns((r) => started.push(r.url ?? ""));
    for (const name of ["a", "b", "c"]) listener(req(name), res);
    expect(started).toEqual([]);
    await turn();
    expect(started).toEqual(["a", "b", "c"]);
  });

  it("stops a turn once a few milliseconds have gone: newcomers queue behind those waiting", async () => {
    const started: string[] = [];
    const listener = takeTurns((r) => {
      started.push(r.url ?? "");
      busyFor(5); // a synchronous request (SQLite) longer than a turn's budget
    });
    for (const name of ["a", "b", "c"]) listener(req(name), res);
    await turn();
    expect(started).toEqual(["a"]);
    listener(req("d"), res); // a new connection's first request
    await turn();
    expect(started).toEqual(["a", "b"]);
    await turn();
    await turn();
    expect(started).toEqual(["a", "b", "c", "d"]);
  });

  it("counts the work a request does after start() returns (its promise continuations) in the turn", async () => {
    const started: string[] = [];
    const turns: number[] = [];
    const listener = takeTurns(async (r) => {
      started.push(r.url ?? "");
      await Promise.resolve(); // as a SQLite query through Kysely: answered at once, after start()
      busyFor(3);
    });
    const names = ["a", "b", "c", "d", "e", "f", "g", "h"];
    for (const name of names) listener(req(name), res);
    while (started.length < names.length) {
      await turn();
      turns.push(started.length);
    }
    // Not all eight in one turn of 24 ms: after the first turn, about one 3 ms request per turn.
    expect(turns[0]).toBeLessThan(names.length);
    const later = turns.slice(1).map((n, i) => n - turns[i]!);
    expect(Math.max(...later)).toBeLessThanOrEqual(2);
    expect(started).toEqual(names);
  });

  it("lets what became due while a request ran (timers, sockets) go before the next request", async () => {
    const order: string[] = [];
    const listener = takeTurns((r) => {
      order.push(r.url ?? "");
      if (r.url !== "a") return;
      // Something due while this request runs (a timer here; a newcomer's connection alike).
      setTimeout(() => order.push("due meanwhile"), 0);
      busyFor(5);
    });
    listener(req("a"), res);
    listener(req("b"), res);
    while (order.length < 3) await new Promise((r) => setTimeout(r, 1));
    expect(order).toEqual(["a", "due meanwhile", "b"]);
  });
});
