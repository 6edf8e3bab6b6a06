import { afterEach, describe, expect, it, vi } from "vitest";
import { keyJson } from "./kept-html";
import { createKeptHtmlStore, pageNow } from "./kept-html.server";

describe("the kept HTML store", () => {
  it("answers what was kept for a key, and nothing for another", () => {
    const store = createKeptHtmlStore(100);
    store.set("a", "<p>A</p>");
    expect(store.get("a")).toBe("<p>A</p>");
    expect(store.get("b")).toBeUndefined();
  });

  it("keeps at most its size in characters, letting the least recently used go first", () => {
    // Each entry counts 2: its key and its HTML. Room for three.
    const store = createKeptHtmlStore(6);
    for (const key of ["a", "b", "c"]) store.set(key, key.toUpperCase());
    // "a" used again: "b" is now the least recently used.
    expect(store.get("a")).toBe("A");
    store.set("d", "D");
    expect(store.get("b")).toBeUndefined();
    expect(["a", "c", "d"].map((key) => store.get(key))).toEqual(["A", "C", "D"]);
    store.set("e", "E");
    expect(store.get("a")).toBeUndefined();
  });

  it("makes room for a large entry by letting as many small ones go as it takes", () => {
    const store = createKeptHtmlStore(8);
    for (const key of ["a", "b", "c", "d"]) store.set(key, key);
    store.set("big", "<p>B</p>"); // 3 + 8 characters: more than the whole store
    expect(store.get("big")).toBe("<p>B</p>");
    expect(["a", "b", "c", "d"].map((key) => store.get(key))).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
    // The next entry lets it go in turn: alone, it already filled the store.
    store.set("e", "e");
    expect(store.get("big")).toBeUndefined();
    expect(store.get("e")).toBe("e");
  });
});

describe("a key's JSON", () => {
  it("is JSON.stringify's, made once for a frozen object and afresh for any other", () => {
    const shared = Object.freeze({ eventNumber: "41000", eventName: "Quiz" });
    expect(keyJson(shared)).toBe(JSON.stringify(shared));
    expect(keyJson(shared)).toBe(keyJson(shared));
    const own: { eventName: string } = { eventName: "Quiz" };
    expect(keyJson(own)).toBe('{"eventName":"Quiz"}');
    own.eventName = "Hackathon";
    expect(keyJson(own)).toBe('{"eventName":"Hackathon"}');
    expect([keyJson("a"), keyJson(null), keyJson(undefined)]).toEqual(['"a"', "null", undefined]);
  });
});

describe("a page's clock", () => {
  afterEach(() => vi.useRealTimers());
  const config = (pageCacheSeconds?: number) => ({
    config: { appUrl: "http://localhost:3000", googleEnabled: false, pageCacheSeconds },
  });

  it("is now, floored to the page cache's window", () => {
    vi.useFakeTimers({ toFake: ["Date"], now: new Date("2026-11-27T06:30:04.999Z") });
    expect(pageNow(config(5)).toISOString()).toBe("2026-11-27T06:30:00.000Z");
    vi.setSystemTime(new Date("2026-11-27T06:30:05.000Z"));
    expect(pageNow(config(5)).toISOString()).toBe("2026-11-27T06:30:05.000Z");
  });

  it("is now to the millisecond when nothing is kept (PAGE_CACHE_SECONDS=0 or unset)", () => {
    vi.useFakeTimers({ toFake: ["Date"], now: new Date("2026-11-27T06:30:04.321Z") });
    expect(pageNow(config(0)).toISOString()).toBe("2026-11-27T06:30:04.321Z");
    expect(pageNow(config()).toISOString()).toBe("2026-11-27T06:30:04.321Z");
  });
});
