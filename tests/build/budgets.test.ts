import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { pageAssets, readClientManifest } from "../../scripts/lib/page-assets";
import { resolveBuildDir } from "../../scripts/lib/build-dir.mjs";

/**
 * Weight budgets on the production build (run after `npm run build`): the pages students open
 * on cheap phones stay light, and the editor never leaks into them.
 */
const buildDir = resolveBuildDir();
const manifest = readClientManifest(buildDir);
const KB = 1024;

const PUBLIC_PAGES = ["routes/_public._index", "routes/_public.event.search", "routes/_public.event.$eventNumber"].filter(
  (id) => manifest.routes[id],
);
// Issue 46: every public page, and the account forms a new user opens first, within the same
// budget (their validation is loaded after the page: app/utils/lazy-validation.ts).
const LIGHT_PAGES = Object.keys(manifest.routes).filter(
  (id) =>
    id.startsWith("routes/_public.") ||
    ["routes/login", "routes/signup", "routes/forgot-password", "routes/$id.reset-password.$token"].includes(id),
);

function contains(files: string[], pattern: RegExp): string[] {
  return files.filter((f) => pattern.test(fs.readFileSync(path.join(buildDir, "client", f), "utf8")));
}

describe("page weight budgets", () => {
  it("knows the home page", () => {
    expect(PUBLIC_PAGES).toContain("routes/_public._index");
  });

  it.each(PUBLIC_PAGES)("%s loads at most 110 KB of gzipped JavaScript and 25 KB of CSS", (id) => {
    const a = pageAssets(buildDir, manifest, id);
    expect(a.jsGzip, `${id} JS ${(a.jsGzip / KB).toFixed(1)} KB`).toBeLessThanOrEqual(110 * KB);
    expect(a.cssGzip, `${id} CSS ${(a.cssGzip / KB).toFixed(1)} KB`).toBeLessThanOrEqual(25 * KB);
  });

  it("knows the account forms", () => {
    expect(LIGHT_PAGES).toEqual(expect.arrayContaining(["routes/login", "routes/signup", "routes/_public.certificate.$id"]));
  });

  it.each(LIGHT_PAGES)("%s loads at most 110 KB of gzipped JavaScript", (id) => {
    const a = pageAssets(buildDir, manifest, id);
    expect(a.jsGzip, `${id} JS ${(a.jsGzip / KB).toFixed(1)} KB`).toBeLessThanOrEqual(110 * KB);
  });

  // One render-blocking request before first paint, not one per chunk (issue 16): the whole app's
  // CSS is one file, linked by the root route, so client navigation never needs another.
  it.each(Object.keys(manifest.routes))("%s links exactly one stylesheet", (id) => {
    const a = pageAssets(buildDir, manifest, id);
    expect(a.css).toEqual(manifest.routes.root.css);
    expect(a.css).toHaveLength(1);
  });

  it.each(PUBLIC_PAGES)("%s does not load the Lexical editor", (id) => {
    const a = pageAssets(buildDir, manifest, id);
    expect(contains(a.js, /LexicalComposer|\$getRoot|createEditor\(/)).toEqual([]);
  });
});
