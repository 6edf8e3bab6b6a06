import fs from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

/**
 * What a page makes the browser download on first load, read from the Remix build manifest:
 * the entry, and for each route of the page (root → layout → page) its module, imports and CSS.
 */
interface ManifestRoute {
  id: string;
  module: string;
  imports?: string[];
  css?: string[];
}
interface RemixManifest {
  entry: { module: string; imports: string[]; css?: string[] };
  routes: Record<string, ManifestRoute>;
}

export function readClientManifest(buildDir: string): RemixManifest {
  const assets = path.join(buildDir, "client", "assets");
  const file = fs.readdirSync(assets).find((f) => /^manifest-.*\.js$/.test(f));
  if (!file) throw new Error(`No Remix manifest in ${assets}: build first`);
  const text = fs.readFileSync(path.join(assets, file), "utf8");
  return JSON.parse(text.replace(/^window\.__remixManifest=/, "").replace(/;\s*$/, ""));
}

/** Whether the build's server says `future.v3_lazyRouteDiscovery` (Remix's "fog of war") is on. */
export function lazyRouteDiscovery(buildDir: string): boolean {
  const dirs = [path.join(buildDir, "server"), path.join(buildDir, "server", "assets")];
  for (const dir of dirs) {
    if (!fs.existsSync(dir)) continue;
    for (const f of fs.readdirSync(dir)) {
      if (!f.endsWith(".js")) continue;
      const m = /"v3_lazyRouteDiscovery":\s*(true|false)/.exec(
        fs.readFileSync(path.join(dir, f), "utf8"),
      );
      if (m) return m[1] === "true";
    }
  }
  return false;
}

export interface PageAssets {
  js: string[];
  css: string[];
  jsGzip: number;
  cssGzip: number;
}

const gzCache = new Map<string, number>();
function gzSize(buildDir: string, url: string): number {
  const key = `${buildDir}${url}`;
  let size = gzCache.get(key);
  if (size === undefined) {
    size = gzipSync(fs.readFileSync(path.join(buildDir, "client", url)), { level: 9 }).byteLength;
    gzCache.set(key, size);
  }
  return size;
}

/** The assets of a page given its route ids from the leaf up, e.g. ["routes/_public._index"]. */
export function pageAssets(
  buildDir: string,
  manifest: RemixManifest,
  leafRouteId: string,
): PageAssets {
  const chain: ManifestRoute[] = [];
  let id: string | undefined = leafRouteId;
  while (id) {
    const route: (ManifestRoute & { parentId?: string }) | undefined = manifest.routes[id];
    if (!route) throw new Error(`Unknown route ${id}`);
    chain.unshift(route);
    id = route.parentId;
  }
  const js = new Set<string>([manifest.entry.module, ...manifest.entry.imports]);
  const css = new Set<string>(manifest.entry.css ?? []);
  for (const r of chain) {
    js.add(r.module);
    for (const i of r.imports ?? []) js.add(i);
    for (const c of r.css ?? []) css.add(c);
  }
  // The whole manifest file is loaded by every page only without lazy route discovery; with it
  // (our build), <Scripts> writes the page's own routes into the HTML and the browser asks
  // /__manifest for the rest when links show, never downloading manifest-*.js.
  if (!lazyRouteDiscovery(buildDir)) {
    const manifestFile = fs
      .readdirSync(path.join(buildDir, "client", "assets"))
      .find((f) => /^manifest-.*\.js$/.test(f))!;
    js.add(`/assets/${manifestFile}`);
  }
  const jsList = [...js];
  const cssList = [...css];
  return {
    js: jsList,
    css: cssList,
    jsGzip: jsList.reduce((n, u) => n + gzSize(buildDir, u), 0),
    cssGzip: cssList.reduce((n, u) => n + gzSize(buildDir, u), 0),
  };
}

/** The pages whose weight we watch, by the route id of their leaf. */
export const WATCHED_PAGES: Record<string, string> = {
  "/": "routes/_public._index",
  "/event/search": "routes/_public.event.search",
  "/event/{n}": "routes/_public.event.$eventNumber",
  "/login": "routes/login",
};
