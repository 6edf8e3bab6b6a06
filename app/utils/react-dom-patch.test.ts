import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { PassThrough, Writable } from "node:stream";
import { createElement as h, Suspense, type ReactNode } from "react";
import { describe, expect, it } from "vitest";

/**
 * patches/react-dom+18.3.1.patch (applied by `patch-package` on install): the Node build of
 * React's streaming server renderer (`renderToPipeableStream`, what `entry.server.tsx` uses) keeps
 * its chunks as strings and writes them joined, about 8 KB at a time, instead of encoding every
 * chunk into a 2 KB byte view (issue 30: that encoding was a fifth of a signed-in page's CPU). The
 * HTML must be exactly what React made before: it is compared here with the browser build of the
 * same renderer (`renderToReadableStream`, unpatched, the same markup code), in both the
 * production build the server runs and the development one `npm run dev` runs.
 */
const require = createRequire(import.meta.url);
const cjs = path.join(path.dirname(require.resolve("react-dom/package.json")), "cjs");

type PipeableRender = typeof import("react-dom/server").renderToPipeableStream;
type ReadableRender = typeof import("react-dom/server").renderToReadableStream;

const builds = ["production.min", "development"].map((kind) => ({
  kind,
  file: path.join(cjs, `react-dom-server.node.${kind}.js`),
  node: require(path.join(cjs, `react-dom-server.node.${kind}.js`))
    .renderToPipeableStream as PipeableRender,
  browser: require(path.join(cjs, `react-dom-server.browser.${kind}.js`))
    .renderToReadableStream as ReadableRender,
}));

/** Where two long texts first differ, with a little around it; null when they are the same. */
function firstDifference(actual: string, expected: string) {
  if (actual === expected) return null;
  let i = 0;
  while (actual[i] === expected[i]) i++;
  return { at: i, actual: actual.slice(i - 40, i + 80), expected: expected.slice(i - 40, i + 80) };
}

/** Resolves after `ms`, for data that arrives after the shell. */
const later = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A component that suspends until its data has come (as Remix's streamed loader data does). */
function Late({ wait, children }: { wait: Promise<unknown>; children?: ReactNode }) {
  const state = wait as Promise<unknown> & { done?: boolean };
  if (!state.done) {
    throw wait.then(() => {
      state.done = true;
    });
  }
  return h("p", { className: "late" }, children);
}

/** Everything the pages give the renderer: escapes, attributes, multi-byte text, long text. */
function page(wait: Promise<unknown>) {
  const cards = Array.from({ length: 30 }, (_, i) =>
    h(
      "li",
      { key: i, "data-n": i },
      h("a", { href: `/event/${i}?q=a&b="c"`, className: "card", "aria-current": i === 3 }, [
        h("h3", { key: "h" }, `नमस्ते ${i} — Ünïcødé <&> "quotes" 🎉`),
        h("img", { key: "i", src: `/x-${i}.webp`, alt: "", width: 56, height: 56 }),
        h("span", { key: "s", style: { color: "red", marginTop: i } }, "₹1,00,000", " ", i),
      ]),
    ),
  );
  return h(
    "html",
    null,
    h(
      "body",
      null,
      h("ul", null, cards),
      // One text longer than a write, and one of four-byte characters across a write's edge.
      h("p", null, "a".repeat(9_000)),
      h("p", null, "🎉".repeat(2_100)),
      h(Suspense, { fallback: h("p", null, "Loading…") }, h(Late, { wait }, "arrived ✓")),
    ),
  );
}

async function nodeHtml(render: PipeableRender, wait: Promise<unknown>) {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  let beforeData = 0;
  let dataCame = false;
  void wait.then(() => {
    dataCame = true;
  });
  out.on("data", (chunk: Buffer) => {
    chunks.push(chunk);
    if (!dataCame) beforeData++;
  });
  const ended = new Promise((resolve) => out.on("end", resolve));
  const { pipe } = render(page(wait), {
    nonce: "n0nce",
    bootstrapScriptContent: "window.x=1",
    onShellReady: () => pipe(out),
  });
  await ended;
  return { html: Buffer.concat(chunks).toString("utf8"), chunks, beforeData };
}

async function browserHtml(render: ReadableRender, wait: Promise<unknown>) {
  const stream = await render(page(wait), { nonce: "n0nce", bootstrapScriptContent: "window.x=1" });
  return new Response(stream).text();
}

describe("the patched streaming renderer of react-dom/server (Node)", () => {
  it("is applied to both Node builds", () => {
    for (const { file } of builds) {
      const text = readFileSync(file, "utf8");
      expect(text).toContain("Utsav patch");
      expect(text).not.toContain("Uint8Array");
    }
  });

  for (const build of builds)
    it(`writes exactly the browser build's HTML, the shell before late data (${build.kind})`, async () => {
      const expected = await browserHtml(build.browser, later(30));
      const { html, chunks, beforeData } = await nodeHtml(build.node, later(30));
      expect(firstDifference(html, expected)).toBeNull();
      // What the test renders: escaped, multi-byte and long text, a streamed Suspense boundary.
      expect(html).toContain("नमस्ते 7 — Ünïcødé &lt;&amp;&gt; &quot;quotes&quot; 🎉");
      expect(html).toContain("🎉".repeat(2_100));
      expect(html).toContain('<script nonce="n0nce">');
      expect(html).toContain("arrived ✓");
      // The shell went out before the data came, in writes of about 8 KB, not one at the end.
      expect(beforeData).toBeGreaterThan(1);
      expect(chunks.length).toBeGreaterThanOrEqual(3);
      expect(Math.max(...chunks.map((c) => c.length))).toBeLessThan(64 * 1024);
    });

  for (const build of builds)
    it(`writes a piece of 2 KB or more alone, as the very string it was given (${build.kind})`, async () => {
      // Kept HTML (kept-html.tsx) comes back as the same string every time; written alone and
      // as it is, its bytes can be taken from the store (keptHtmlBytes) instead of encoded again.
      const kept = `<li>${"₹ card ".repeat(400)}</li>`;
      const small = "<b>small</b>";
      const written: unknown[] = [];
      const out = new Writable({
        decodeStrings: false,
        write(chunk, _encoding, done) {
          written.push(chunk);
          done();
        },
      });
      const ended = new Promise((resolve) => out.on("finish", resolve));
      const { pipe } = build.node(
        h("ul", null, [
          h("li", { key: 1, dangerouslySetInnerHTML: { __html: small } }),
          h("li", { key: 2, dangerouslySetInnerHTML: { __html: kept } }),
          h("li", { key: 3 }, "after"),
        ]),
        { onAllReady: () => pipe(out) },
      );
      await ended;
      expect(written.some((chunk) => chunk === kept)).toBe(true);
      // A small piece is joined with the rest, and the whole is the page in order.
      expect(written.includes(small)).toBe(false);
      expect(written.join("")).toBe(`<ul><li>${small}</li><li>${kept}</li><li>after</li></ul>`);
    });
});
