import { describe, expect, it } from "vitest";
import { countEventPageViews, createPageCache } from "./page-cache";

const html = (nonce: string) =>
  new Response(
    `<html><script nonce="${nonce}">x</script><script nonce="${nonce}">y</script></html>`,
    {
      headers: { "content-type": "text/html; charset=utf-8" },
    },
  );

describe("page cache", () => {
  it("serves an anonymous page again with this response's nonce, until it expires", async () => {
    let t = 0;
    const cache = createPageCache({ ttlMs: 5000, now: () => t });
    const req = () => new Request("http://x/event/search?q=fest");
    expect(cache.get(req(), "n1")).toBeNull();
    await cache.put(req(), html("n1"), "n1");
    const hit = cache.get(req(), "n2")!;
    const body = await hit.text();
    expect(body).toContain('nonce="n2"');
    expect(body).not.toContain('nonce="n1"');
    t = 5001;
    expect(cache.get(req(), "n3")).toBeNull();
  });

  it("never shares what is personal or not a plain page", async () => {
    const cache = createPageCache({ ttlMs: 5000 });
    const withCookie = new Request("http://x/", { headers: { cookie: "utsav_session=abc" } });
    await cache.put(withCookie, html("a"), "a");
    expect(cache.get(new Request("http://x/"), "b")).toBeNull();

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
    expect(cache.size()).toBe(0);
  });

  it("keeps a bounded number of pages", async () => {
    const cache = createPageCache({ ttlMs: 5000, maxEntries: 3 });
    for (const p of ["/1", "/2", "/3", "/4"])
      await cache.put(new Request(`http://x${p}`), html("a"), "a");
    expect(cache.size()).toBe(3);
    expect(cache.get(new Request("http://x/1"), "b")).toBeNull();
    expect(cache.get(new Request("http://x/4"), "b")).not.toBeNull();
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
  };

  it("a hit on a cached event page is counted as a view with the visitor's address and browser", async () => {
    const cache = createPageCache({ ttlMs: 5000, onHit: countEventPageViews(views) });
    const req = (path: string) =>
      new Request(`http://x${path}`, { headers: { "user-agent": CHROME } });
    await cache.put(req("/event/12345"), html("a"), "a");
    await cache.put(req("/event/search?q=x"), html("a"), "a");
    expect(counted).toEqual([]); // the rendered visit is counted by the API, not here
    expect(cache.get(req("/event/12345"), "b", "198.51.100.7")).not.toBeNull();
    expect(cache.get(req("/event/search?q=x"), "b", "198.51.100.7")).not.toBeNull();
    expect(cache.get(req("/event/99999"), "b", "198.51.100.7")).toBeNull();
    expect(counted).toEqual([{ eventNumber: "12345", ip: "198.51.100.7", userAgent: CHROME }]);
  });
});
