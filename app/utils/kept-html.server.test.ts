import { describe, expect, it } from "vitest";
import { createKeptHtmlStore } from "./kept-html.server";

describe("the kept HTML store", () => {
  it("answers what was kept for a key, and nothing for another", () => {
    const store = createKeptHtmlStore(10);
    store.set("a", "<p>A</p>");
    expect(store.get("a")).toBe("<p>A</p>");
    expect(store.get("b")).toBeUndefined();
  });

  it("keeps at most its size, letting the least recently used go first", () => {
    const store = createKeptHtmlStore(3);
    for (const key of ["a", "b", "c"]) store.set(key, key.toUpperCase());
    // "a" used again: "b" is now the least recently used.
    expect(store.get("a")).toBe("A");
    store.set("d", "D");
    expect(store.get("b")).toBeUndefined();
    expect(["a", "c", "d"].map((key) => store.get(key))).toEqual(["A", "C", "D"]);
    store.set("e", "E");
    expect(store.get("a")).toBeUndefined();
  });
});
