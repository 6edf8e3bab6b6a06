import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { countInFlight } from "./in-flight";

describe("countInFlight", () => {
  it("counts a request from its arrival until its answer is sent", async () => {
    let release = () => {};
    const counted = countInFlight((_req, res) => {
      release = () => res.end("done");
    });
    const server = createServer(counted.listener);
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    const { port } = server.address() as AddressInfo;
    expect(counted.inFlight()).toBe(0);
    const answer = fetch(`http://127.0.0.1:${port}/`).then((r) => r.text());
    while (counted.inFlight() === 0) await new Promise((r) => setTimeout(r, 5));
    expect(counted.inFlight()).toBe(1);
    release();
    expect(await answer).toBe("done");
    while (counted.inFlight() > 0) await new Promise((r) => setTimeout(r, 5));
    expect(counted.inFlight()).toBe(0);
    server.close();
  });
});
