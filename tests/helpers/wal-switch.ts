/**
 * Run by server/db/connect.test.ts in a process of its own (`node --import tsx`): another process
 * writes to a new SQLite file (not yet WAL, as when two web processes start on it together) and
 * holds its write lock for HOLD_MS; meanwhile this process opens the file with connectDb. Prints
 * one JSON line: how long connectDb took and the journal mode it left, or the error it threw.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { connectDb } from "#server/db/connect";

const holdMs = Number(process.env.HOLD_MS ?? 1000);
const dir = mkdtempSync(path.join(os.tmpdir(), "utsav-wal-"));
const file = path.join(dir, "utsav.db");
const writer = spawn(
  process.execPath,
  [
    "-e",
    `const db = new (require("better-sqlite3"))(${JSON.stringify(file)});
     db.exec("create table t (x)");
     db.exec("begin immediate");
     db.exec("insert into t values (1)");
     console.log("writing");
     Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ${holdMs});
     db.exec("commit");
     db.close();`,
  ],
  { stdio: ["ignore", "pipe", "inherit"] },
);
const writerDone = new Promise((resolve) => writer.on("exit", resolve));
writer.stdout.once("data", async () => {
  const started = Date.now();
  let result: Record<string, unknown>;
  try {
    const db = connectDb({ sqlitePath: file });
    const { rows } = await sql<{ journal_mode: string }>`pragma journal_mode`.execute(db);
    result = { ms: Date.now() - started, mode: rows[0]?.journal_mode };
    await db.destroy();
  } catch (error) {
    result = {
      ms: Date.now() - started,
      error: (error as { code?: string }).code ?? String(error),
    };
  }
  await writerDone;
  rmSync(dir, { recursive: true, force: true });
  console.log(JSON.stringify(result));
});
