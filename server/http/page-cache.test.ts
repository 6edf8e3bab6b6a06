import { createHash } from "node:crypto";
import { EventEmitter } from "node:events";
import type { IncomingMessage, ServerResponse } from "node:http";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { countEventPageViews, createPageCache, inlineScriptHashes } from "./page-cache";

const html = (nonce: string, text = "") =>
  new Response(
    `<html><script nonce="${nonce}">x</script><script nonce="${nonce}">y</script><script type="application/ld+json">{"a":1}</script><script src="/assets/a.js"></script>${text}</html>`,
    { headers: { "content-type": "text/html; charset=utf-8" } },
  );

const sha = (s: string) => `'sha256-${createHash("sha256").update(s).digest("base64")}'`;

/** One request through `serve`, on a response that records what is written to it. */
function send(
  cache: ReturnType<typeof createPageCache>,
  url: string,
  headers: Record<string, string> = {},
) {
  const got = { status: 0, headers: {} as Record<string, string>, body: Buffer.alloc(0) as Buffer };
  let rendered = false;
  const res = Object.assign(new EventEmitter(), {
    // Node's writeHead takes an object or a flat [name, value, …] list.
    writeHead(s: number, h: Record<string, string> | string[]) {
      got.status = s;
      got.headers = Array.isArray(h)
        ? Object.fromEntries(h.flatMap((v, i) => (i % 2 ? [] : [[v, h[i + 1]!]])))
        : h;
    },
    end(b?: Buffer) {
      if (b) got.body = b;
    },
  }) as unknown as ServerResponse;
  const req = { method: "GET", url, headers } as unknown as IncomingMessage;
  const held = cache.serve(req, res, () => {
    rendered = true;
  });
  return { held, got, res, rendered: () => rendered };
}

/** One request through `serve`: what it wrote, "waits" when it is held, or null: render it. */
function hit(
  cache: ReturnType<typeof createPageCache>,
  url: string,
  headers: Record<string, string> = {},
) {
  const { held, got } = send(cache, url, headers);
  if (!held) return null;
  return got.status ? got : "waits";
}

/** One request answered from the cache (the test fails when it is not). */
function served(
  cache: ReturnType<typeof createPageCache>,
  url: string,
  headers: Record<string, string> = {},
) {
  const got = hit(cache, url, headers);
  if (got === null || got === "waits") throw new Error(`${url}: not answered (${got})`);
  return got;
}

describe("page cache", () => {
  it("serves an anonymous page without a nonce, its inline scripts allowed by hash, until it expires", async () => {
    let t = 0;
    const cache = createPageCache({
      ttlMs: 5000,
      now: () => t,
      securityHeaders: (hashes) => ({
        "content-security-policy": `script-src 'self' ${hashes.join(" ")}`,
      }),
    });
    const req = () => new Request("http://x/event/search?q=fest");
    expect(hit(cache, "/event/search?q=fest")).toBeNull();
    const first = await cache.put(req(), html("n1"), "n1");
    expect(await first.text()).toContain('nonce="n1"');
    await cache.idle();
    const got = served(cache, "/event/search?q=fest");
    expect(got.status).toBe(200);
    const body = got.body.toString();
    expect(body).not.toContain("nonce");
    expect(got.headers["content-security-policy"]).toBe(
      `script-src 'self' ${sha("x")} ${sha("y")} ${sha('{"a":1}')}`,
    );
    expect(got.headers["content-security-policy"]).not.toMatch(/unsafe-inline|nonce/);
    expect(got.headers["x-page-cache"]).toBe("hit");
    expect(got.headers["content-length"]).toBe(String(got.body.length));
    t = 4001;
    // In the last fifth the next request renders afresh; the others keep the kept page meanwhile.
    expect(hit(cache, "/event/search?q=fest")).toBeNull();
    expect(hit(cache, "/event/search?q=fest")).toMatchObject({ status: 200 });
    // Never past ttl after its render began: a change made anywhere shows within it. Until the
    // render under way is kept, requests wait for it instead of rendering the page each.
    t = 5000;
    const waiting = [send(cache, "/event/search?q=fest"), send(cache, "/event/search?q=fest")];
    expect(waiting.map((w) => [w.held, w.got.status])).toEqual([
      [true, 0],
      [true, 0],
    ]);
    await cache.put(req(), html("n2", "changed"), "n2", 4001);
    await cache.idle();
    for (const w of waiting) {
      expect(w.got.status).toBe(200);
      expect(w.got.body.toString()).toContain("changed");
      expect(w.rendered()).toBe(false);
    }
    expect(hit(cache, "/event/search?q=fest")).toMatchObject({ status: 200 });
  });

  it("renders the waiting requests when the render under way is not kept", async () => {
    let t = 0;
    const cache = createPageCache({ ttlMs: 5000, now: () => t });
    await cache.put(new Request("http://x/a"), html("n"), "n");
    await cache.put(new Request("http://x/b"), html("n"), "n");
    await cache.idle();
    t = 5000;
    // /a renders afresh and comes back an error: not kept, so whoever waited is rendered.
    expect(send(cache, "/a").held).toBe(false);
    const onA = send(cache, "/a");
    expect(onA.held).toBe(true);
    await cache.put(
      new Request("http://x/a"),
      new Response("oops", { status: 500, headers: { "content-type": "text/html" } }),
      "n",
    );
    expect(onA.rendered()).toBe(true);
    expect(onA.got.status).toBe(0);
    // /b's render never reaches the cache (it failed on the way): when its answer goes out, the
    // requests waiting for it are rendered each.
    const renderer = send(cache, "/b");
    expect(renderer.held).toBe(false);
    const onB = send(cache, "/b");
    expect(onB.held).toBe(true);
    expect(onB.rendered()).toBe(false);
    renderer.res.emit("close");
    expect(onB.rendered()).toBe(true);
    // A page never kept is rendered by everyone: nothing says it will be kept.
    expect(hit(cache, "/c")).toBeNull();
    expect(hit(cache, "/c")).toBeNull();
  });

  it("counts a page's age from when its render began, not from when it was kept", async () => {
    let t = 0;
    const cache = createPageCache({ ttlMs: 5000, now: () => t });
    t = 3000; // a render that began at 0 took 3 s
    await cache.put(new Request("http://x/"), html("n1"), "n1", 0);
    await cache.idle();
    expect(hit(cache, "/")).toMatchObject({ status: 200 });
    t = 4001;
    expect(hit(cache, "/")).toBeNull();
    t = 4500;
    expect(hit(cache, "/")).toMatchObject({ status: 200 });
    t = 5000;
    expect(hit(cache, "/")).toBe("waits");
  });

  it("answers brotli or gzip computed once, an ETag, and 304 to If-None-Match", async () => {
    const cache = createPageCache({ ttlMs: 5000 });
    await cache.put(new Request("http://x/"), html("n"), "n");
    await cache.idle();
    const plain = served(cache, "/");
    const br = served(cache, "/", { "accept-encoding": "gzip, deflate, br" });
    const gz = served(cache, "/", { "accept-encoding": "gzip, br;q=0" });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(br.body)).toEqual(plain.body);
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gz.body)).toEqual(plain.body);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(br.headers.vary).toBe("Accept-Encoding");
    const etag = plain.headers.etag;
    expect(etag).toMatch(/^"[^"]+"$/);
    expect(br.headers.etag).toBe(etag);
    const again = served(cache, "/", { "if-none-match": etag });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(served(cache, "/", { "if-none-match": '"other"' }).status).toBe(200);
  });

  it("never shares what is personal or not a plain page", async () => {
    const cache = createPageCache({ ttlMs: 5000 });
    const withCookie = new Request("http://x/", { headers: { cookie: "utsav_session=abc" } });
    await cache.put(withCookie, html("a"), "a");
    await cache.idle();
    expect(hit(cache, "/")).toBeNull();
    await cache.put(new Request("http://x/"), html("a"), "a");
    await cache.idle();
    expect(hit(cache, "/", { cookie: "utsav_session=abc" })).toBeNull();
    expect(hit(cache, "/", { authorization: "Bearer abc" })).toBeNull();

    const setsCookie = html("a");
    setsCookie.headers.append("set-cookie", "utsav_toast=; Max-Age=0");
    await cache.put(new Request("http://x/a"), setsCookie, "a");
    await cache.put(
      new Request("http://x/b"),
      new Response("nope", { status: 404, headers: { "content-type": "text/html" } }),
      "a",
    );
    await cache.put(new Request("http://x/api/v1/event/get-all"), html("a"), "a");
    await cache.put(new Request("http://x/c", { method: "POST" }), html("a"), "a");
    await cache.idle();
    expect(cache.size()).toBe(1);
  });

  it("keeps a bounded number of pages", async () => {
    const cache = createPageCache({ ttlMs: 5000, maxEntries: 3 });
    for (const p of ["/1", "/2", "/3", "/4"]) {
      await cache.put(new Request(`http://x${p}`), html("a"), "a");
      await cache.idle();
    }
    expect(cache.size()).toBe(3);
    expect(hit(cache, "/1")).toBeNull();
    expect(hit(cache, "/4")).not.toBeNull();
  });

  it("hashes inline scripts only, not external ones", () => {
    expect(inlineScriptHashes('<script>a</script><script src="/b.js"></script>')).toEqual([
      sha("a"),
    ]);
  });
});

describe("views of cached event pages", () => {
  const CHROME =
    "Mozilla/5.0 (Linux; Android 13) AppleWebKit/537.36 Chrome/124.0 Mobile Safari/537.36";
  const counted: { eventNumber: string; ip: string; userAgent: string | null | undefined }[] = [];
  const views = {
    record: (v: (typeof counted)[number]) => void counted.push(v),
    flush: async () => {},
    start: () => {},
    stop: async () => {},
    pending: () => counted.length,
    togglePaused: () => false,
  };

  it("a hit on a cached event page is counted as a view with the visitor's address and browser", async () => {
    const cache = createPageCache({
      ttlMs: 5000,
      onHit: countEventPageViews(views, () => "198.51.100.7"),
    });
    const req = (path: string) =>
      new Request(`http://x${path}`, { headers: { "user-agent": CHROME } });
    await cache.put(req("/event/12345"), html("a"), "a");
    await cache.put(req("/event/search?q=x"), html("a"), "a");
    await cache.idle();
    expect(counted).toEqual([]); // the rendered visit is counted by the API, not here
    const ua = { "user-agent": CHROME };
    expect(hit(cache, "/event/12345", ua)).not.toBeNull();
    expect(hit(cache, "/event/search?q=x", ua)).not.toBeNull();
    expect(hit(cache, "/event/99999", ua)).toBeNull();
    expect(counted).toEqual([{ eventNumber: "12345", ip: "198.51.100.7", userAgent: CHROME }]);
  });
});
