// `npm run build`, after the client build: the service worker (SPEC-3 §6). esbuild bundles
// app/service-worker/sw.ts with the Workbox modules it imports into BUILD_DIR/client/sw.js, with
// the app shell to precache written in: the offline page, the one stylesheet, the entry's and the
// root route's scripts (so a kept page starts offline), the manifest and the icons. Hashed file
// names need no revision; the rest carry the build's version or their content's hash.
import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { build } from "esbuild";
import { buildDirOrExit } from "./lib/build-dir.mjs";

const client = path.join(buildDirOrExit(), "client");
const assets = path.join(client, "assets");
const manifestFile = readdirSync(assets).find((f) => /^manifest-.*\.js$/.test(f));
if (!manifestFile) throw new Error(`No Remix manifest in ${assets}: run the client build first`);
const manifest = JSON.parse(
  readFileSync(path.join(assets, manifestFile), "utf8")
    .replace(/^window\.__remixManifest=/, "")
    .replace(/;\s*$/, ""),
);
const root = manifest.routes.root;
const hashed = new Set([
  manifest.entry.module,
  ...manifest.entry.imports,
  root.module,
  ...(root.imports ?? []),
  ...(root.css ?? []),
]);
const contentHash = (file) =>
  createHash("sha256").update(readFileSync(path.join(client, file))).digest("hex").slice(0, 16);
const precache = [
  ...[...hashed].map((url) => ({ url, revision: null })),
  { url: "/offline", revision: manifest.version },
  { url: "/manifest.webmanifest", revision: manifest.version },
  ...["favicon.svg", ...readdirSync(path.join(client, "icons")).map((f) => `icons/${f}`)].map(
    (file) => ({ url: `/${file}`, revision: contentHash(file) }),
  ),
];

await build({
  entryPoints: ["app/service-worker/sw.ts"],
  outfile: path.join(client, "sw.js"),
  bundle: true,
  format: "iife",
  target: "es2020",
  minify: true,
  define: {
    __PRECACHE__: JSON.stringify(precache),
    // Workbox's modules log only outside production.
    "process.env.NODE_ENV": '"production"',
  },
  logLevel: "warning",
});
console.log(`service worker built into ${path.relative(process.cwd(), client)}/sw.js (${precache.length} files precached)`);
