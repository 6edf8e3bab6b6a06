// `npm run build`, second half: server.ts and server/ as plain JavaScript for `npm start`, so
// production runs compiled code (no TypeScript compiler at start). App code is bundled; packages
// in node_modules stay imports. Output: BUILD_DIR/node/start.js (`npm start`: one process, or
// WEB_CONCURRENCY of them, each running server.js), BUILD_DIR/node/server.js (the whole product) and
// BUILD_DIR/node/api.js (the API alone, `npm run start:api`), beside Remix's client/ and server/;
// BUILD_DIR/node/pdf-worker.js is the certificate PDF worker thread (server/pdf/pool.ts).
import path from "node:path";
import { build } from "esbuild";
import { buildDirOrExit } from "./lib/build-dir.mjs";

const outdir = path.join(buildDirOrExit(), "node");
await build({
  entryPoints: {
    start: "server/cluster.ts",
    server: "server.ts",
    api: "server/main.ts",
    "pdf-worker": "server/pdf/worker.ts",
  },
  outdir,
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  sourcemap: true,
  logLevel: "warning",
});
console.log(`server compiled into ${path.relative(process.cwd(), outdir)}/`);
