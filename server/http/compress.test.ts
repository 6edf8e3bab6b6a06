import { randomBytes } from "node:crypto";
import { gunzipSync } from "node:zlib";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { gzip } from "./compress";

/** A page that arrives in pieces, as React streams one, of bytes that do not compress away. */
function streamingApp(pieces: number) {
  const app = new Hono();
  app.use(gzip({ threshold: 0 }));
  app.get("/", () => {
    let sent = 0;
    return new Response(
      new ReadableStream({
        async pull(controller) {
          await new Promise((resolve) => setTimeout(resolve, 2));
          if (sent++ === pieces) return controller.close();
          controller.enqueue(new Uint8Array(randomBytes(32 * 1024)));
        },
      }),
      { headers: { "content-type": "text/html" } },
    );
  });
  return app;
}

describe("gzip", () => {
  it("compresses a streamed page whole", async () => {
    const res = await streamingApp(4).request("/", { headers: { "accept-encoding": "gzip" } });
    expect(res.headers.get("content-encoding")).toBe("gzip");
    expect(gunzipSync(Buffer.from(await res.arrayBuffer())).length).toBe(4 * 32 * 1024);
  });

  // A visitor who leaves mid-page (a closed tab, a lost connection) cancels the stream while zlib
  // still has bytes to hand over: that must not throw where nothing catches it (it stopped the
  // whole server once).
  it("lets the reader go away mid-page without an uncaught error", async () => {
    const uncaught: unknown[] = [];
    const onError = (err: unknown) => uncaught.push(err);
    process.on("uncaughtException", onError);
    try {
      for (let i = 0; i < 5; i++) {
        const res = await streamingApp(50).request("/", {
          headers: { "accept-encoding": "gzip" },
        });
        const reader = res.body!.getReader();
        await reader.read();
        await reader.cancel();
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    } finally {
      process.off("uncaughtException", onError);
    }
    expect(uncaught).toEqual([]);
  });
});
