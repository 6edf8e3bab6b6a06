import { createServer, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { getRequestListener, type HttpBindings } from "@hono/node-server";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readJson } from "./context";
import { readSmallJsonFirst, SMALL_JSON_BYTES, smallJsonBody } from "./small-body";

/**
 * A server wired as server.ts wires the API: the outer app hands the bytes read first to an inner
 * app whose route reads its body with `readJson`, and says which way the body came.
 */
let server: Server;
let base: string;
beforeAll(async () => {
  const inner = new Hono<{ Bindings: { body?: Buffer } }>().post("/api/echo", async (c) =>
    c.json({
      readFirst: !!c.env?.body,
      body: await readJson(c as never).catch(() => "refused"),
    }),
  );
  const outer = new Hono<{ Bindings: HttpBindings }>().all("*", (c) =>
    inner.fetch(c.req.raw, { body: smallJsonBody(c.env.incoming) }),
  );
  server = createServer(readSmallJsonFirst(getRequestListener(outer.fetch)));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function post(
  body: Buffer | string,
  headers: Record<string, string>,
  pieces = 1,
): Promise<{ readFirst: boolean; body: unknown }> {
  return new Promise((resolve, reject) => {
    const req = request(`${base}/api/echo`, { method: "POST", headers }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (c) => {
        text += c;
      });
      res.on("end", () => resolve(JSON.parse(text)));
    });
    req.on("error", reject);
    // Sent in pieces, as a slow network delivers them.
    const bytes = Buffer.from(body);
    const size = Math.ceil(bytes.length / pieces);
    for (let i = 0; i < bytes.length; i += size) req.write(bytes.subarray(i, i + size));
    req.end();
  });
}

describe("readSmallJsonFirst", () => {
  it("hands a small JSON body to the API as bytes, however it arrives, and readJson parses it", async () => {
    const body = JSON.stringify({ questionId: "q1", answer: "é ✓" });
    const headers = {
      "content-type": "application/json",
      "content-length": String(Buffer.byteLength(body)),
    };
    expect(await post(body, headers)).toEqual({
      readFirst: true,
      body: { questionId: "q1", answer: "é ✓" },
    });
    expect(await post(body, headers, 5)).toEqual({
      readFirst: true,
      body: { questionId: "q1", answer: "é ✓" },
    });
  });

  it("reads bytes as a Request's json() would: a byte order mark dropped, NUL taken out, bad JSON refused", async () => {
    const withBom = Buffer.concat([
      Buffer.from([0xef, 0xbb, 0xbf]),
      Buffer.from('{"a":"x\\u0000y"}'),
    ]);
    const json = (length: number) => ({
      "content-type": "application/json; charset=utf-8",
      "content-length": String(length),
    });
    expect(await post(withBom, json(withBom.length))).toEqual({
      readFirst: true,
      body: { a: "xy" },
    });
    expect(await post("{not json", json(9))).toEqual({ readFirst: true, body: "refused" });
  });

  it("leaves a large body, a body of unknown length and a form to stream as before", async () => {
    const large = JSON.stringify({ text: "x".repeat(SMALL_JSON_BYTES) });
    expect(
      await post(large, {
        "content-type": "application/json",
        "content-length": String(Buffer.byteLength(large)),
      }),
    ).toEqual({ readFirst: false, body: { text: "x".repeat(SMALL_JSON_BYTES) } });
    expect(
      await post('{"chunked":true}', {
        "content-type": "application/json",
        "transfer-encoding": "chunked",
      }),
    ).toEqual({ readFirst: false, body: { chunked: true } });
    expect(
      await post("a=1", {
        "content-type": "application/x-www-form-urlencoded",
        "content-length": "3",
      }),
    ).toEqual({ readFirst: false, body: "refused" });
  });
});
