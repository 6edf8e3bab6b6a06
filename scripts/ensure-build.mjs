// `npm start` on a fresh clone or after a pull: build when there is no build, or when a source file
// is newer than it.
import { execSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { buildDirOrExit } from "./lib/build-dir.mjs";

const dir = buildDirOrExit();
const outputs = [
  "server/index.js",
  "client/sw.js",
  "node/start.js",
  "node/server.js",
  "node/api.js",
].map((f) => path.join(dir, f));
const SOURCES = ["app", "server", "public", "server.ts", "vite.config.ts", "package.json"];

function newest(p) {
  if (!existsSync(p)) return 0;
  const s = statSync(p);
  if (!s.isDirectory()) return s.mtimeMs;
  let max = 0;
  for (const e of readdirSync(p)) max = Math.max(max, newest(path.join(p, e)));
  return max;
}

const missing = outputs.some((f) => !existsSync(f));
const built = missing ? 0 : Math.min(...outputs.map((f) => statSync(f).mtimeMs));
if (missing || Math.max(...SOURCES.map(newest)) > built) {
  console.log(missing ? "No build found: building once…" : "Sources changed: rebuilding…");
  execSync("npm run build", { stdio: "inherit" });
}
