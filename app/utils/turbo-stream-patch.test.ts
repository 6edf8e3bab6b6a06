import { readFileSync } from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
// The ES module build is left as published: the reference the patched build is held to.
import * as published from "turbo-stream";

/**
 * patches/turbo-stream+2.4.1.patch (applied by `patch-package` on install): Remix writes every
 * page's loader data into the document with turbo-stream's `encode`, whose `flatten` ran each
 * string, number and boolean through a work loop that made a stack and a closure per value
 * (issue 30: ~7 µs an event card on the search page). The patch writes those values directly,
 * as the loop would. The server runs the CommonJS build, so that is what is patched and checked
 * here, against the unpatched ES module build, byte for byte.
 */
const require = createRequire(import.meta.url);
const file = require.resolve("turbo-stream");
const patched = require("turbo-stream") as typeof published;

async function text(stream: ReadableStream<Uint8Array>): Promise<string> {
  let out = "";
  const decoder = new TextDecoder();
  const reader = stream.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return out + decoder.decode();
    out += decoder.decode(value, { stream: true });
  }
}

const card = {
  eventNumber: "12839",
  status: "active",
  eventName: 'Research "Fellowship" </script> ₹ \u2028',
  firstPrize: 200000,
  festivalName: null,
  endDate: "2026-11-27T12:00:00.000Z",
};
const samples: [string, unknown][] = [
  ["a page's data", { events: [card, { ...card, eventNumber: "12840" }], total: 20000, now: "x" }],
  ["repeated values", ["a", "a", 1, 1, true, true, card.eventName, card.eventName]],
  // (A -0 after a 0 reads back as 0 in either build: one Map holds both.)
  ["numbers", [-0, 1.5, -2, Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, 0]],
  ["empty and odd strings", ["", "\n", "\u0000", "😀", "_1", "-5"]],
  // biome-ignore lint/suspicious/noSparseArray: a hole is a value turbo-stream encodes
  ["holes, dates, maps and sets", [[1, , 3], new Date(0), new Map([["k", 1]]), new Set(["s"])]],
  ["nothing", [undefined, null, {}, []]],
  ["a bare string", "only"],
  ["a bare number", 42],
];

describe("the patched encode of turbo-stream", () => {
  it("is the build the server loads, with the patch applied", () => {
    expect(file).toMatch(/dist[/\\]turbo-stream\.js$/);
    expect(readFileSync(path.join(path.dirname(file), "flatten.js"), "utf8")).toContain(
      "Utsav patch",
    );
  });

  it.each(samples)("writes %s exactly as the published build does", async (_, value) => {
    const mine = await text(patched.encode(value));
    expect(mine).toBe(await text(published.encode(value)));
    // And it reads back as what was written.
    const back = await patched.decode(patched.encode(value));
    expect(back.value).toEqual(value);
  });
});
