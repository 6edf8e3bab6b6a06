import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { connectDb, type Db } from "#server/db/connect";
import { createFindCounts } from "./event-find";

// The kept counts must never outlive a change: written through this connection (total_changes)
// or committed by another one (data_version), and not kept when a write came while counting.

const dirs: string[] = [];
const dbs: Db[] = [];
afterEach(async () => {
  await Promise.all(dbs.splice(0).map((db) => db.destroy()));
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

async function twoConnections() {
  const dir = mkdtempSync(path.join(os.tmpdir(), "utsav-find-counts-"));
  dirs.push(dir);
  const file = path.join(dir, "t.db");
  const a = connectDb({ sqlitePath: file });
  const b = connectDb({ sqlitePath: file });
  dbs.push(a, b);
  await sql`create table t (x integer)`.execute(a);
  const rows = async (db: Db) =>
    Number((await sql<{ n: number }>`select count(*) as n from t`.execute(db)).rows[0]!.n);
  return { a, b, rows };
}

describe("createFindCounts", () => {
  it("counts once while nothing changes, and again after a write through the same connection", async () => {
    const { a, rows } = await twoConnections();
    const counts = createFindCounts();
    let made = 0;
    const make = () => {
      made++;
      return rows(a);
    };
    expect(await counts.count(a, "k", make)).toBe(0);
    expect(await counts.count(a, "k", make)).toBe(0);
    expect(made).toBe(1);
    await sql`insert into t values (1)`.execute(a);
    expect(await counts.count(a, "k", make)).toBe(1);
    expect(made).toBe(2);
    await sql`update t set x = 2`.execute(a); // a change that keeps the number of rows
    await counts.count(a, "k", make);
    expect(made).toBe(3);
  });

  it("counts again after another connection commits", async () => {
    const { a, b, rows } = await twoConnections();
    const counts = createFindCounts();
    const make = () => rows(a);
    expect(await counts.count(a, "k", make)).toBe(0);
    await sql`insert into t values (1)`.execute(b);
    expect(await counts.count(a, "k", make)).toBe(1);
  });

  it("does not keep a count made before a write that another count has seen", async () => {
    const { a, rows } = await twoConnections();
    const counts = createFindCounts();
    let counted!: () => void;
    const wasCounted = new Promise<void>((r) => {
      counted = r;
    });
    let release!: () => void;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    // A slow count reads 0 rows, then a row is written and a second count (1) is made and kept.
    const slow = counts.count(a, "k", async () => {
      const n = await rows(a);
      counted();
      await gate;
      return n;
    });
    await wasCounted;
    await sql`insert into t values (1)`.execute(a);
    expect(await counts.count(a, "k", () => rows(a))).toBe(1);
    release();
    expect(await slow).toBe(0); // its caller gets what it counted…
    expect(await counts.count(a, "k", async () => 99)).toBe(1); // …and the kept count stays 1
  });

  it("keeps counts by key", async () => {
    const { a } = await twoConnections();
    const counts = createFindCounts();
    expect(await counts.count(a, "x", async () => 3)).toBe(3);
    expect(await counts.count(a, "y", async () => 7)).toBe(7);
    expect(await counts.count(a, "x", async () => 99)).toBe(3);
  });
});
