// `npm start` on a fresh clone: build once if there is no build yet.
import { existsSync } from "node:fs";
import { execSync } from "node:child_process";
import path from "node:path";

const dir = path.resolve(process.env.BUILD_DIR ?? "build");
if (!existsSync(path.join(dir, "server/index.js"))) {
  console.log("No build found: building the app once…");
  execSync("npx remix vite:build", { stdio: "inherit" });
}
