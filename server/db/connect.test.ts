import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

describe("connectDb on a SQLite file another process is writing", () => {
  it("switches to WAL once the other is done, where SQLite answers SQLITE_BUSY at once", async () => {
    // In a process of its own (tests/helpers/wal-switch.ts): with a second process writing the new
    // file, SQLite refuses the switch to WAL without waiting its busy timeout (waiting could
    // deadlock); connectDb tries again until the writer has committed.
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ["--import", "tsx", "tests/helpers/wal-switch.ts"],
      { env: { ...process.env, HOLD_MS: "1000" } },
    );
    // Without the retry: { error: "SQLITE_BUSY" } within milliseconds (what CI saw once).
    const result = JSON.parse(stdout.trim().split("\n").at(-1)!);
    expect(result).toEqual({ ms: expect.any(Number), mode: "wal" });
  });
});
