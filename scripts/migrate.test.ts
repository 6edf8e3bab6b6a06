import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { afterEach, expect, it } from "vitest";

const run = promisify(execFile);
const script = path.resolve("scripts/migrate.ts");
// Run from another directory, so tsx is named by its address rather than found from the cwd.
const tsx = pathToFileURL(path.resolve("node_modules/tsx/dist/loader.mjs")).href;
let dir: string | undefined;

afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

/** The README tells operators to put settings in .env; `npm run db:migrate` must read it too. */
it("migrates the database that .env names", async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), "utsav-migrate-"));
  writeFileSync(path.join(dir, ".env"), "DATA_DIR=./from-dotenv\n");
  const env = { ...process.env };
  delete env.DATA_DIR;
  delete env.DATABASE_URL;
  // tsx reads the project's tsconfig (its paths) from the cwd unless told where it is.
  env.TSX_TSCONFIG_PATH = path.resolve("tsconfig.json");
  const { stdout } = await run(process.execPath, ["--import", tsx, script], { cwd: dir, env });
  expect(stdout).toContain(path.join(dir, "from-dotenv", "utsav.db"));
  expect(existsSync(path.join(dir, "from-dotenv", "utsav.db"))).toBe(true);
  expect(existsSync(path.join(dir, "data"))).toBe(false);
});
