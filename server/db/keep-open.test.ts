import { sql } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { connectDb, type Db } from "./connect";

/** PostgreSQL only (TEST_DATABASE_URL): SQLite has one connection and nothing to keep open. */
const url = process.env.TEST_DATABASE_URL;
const opened: Db[] = [];
afterAll(async () => {
  for (const db of opened) await db.destroy();
});

async function connectionsNamed(db: Db, name: string): Promise<number> {
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity
    where application_name = ${name}`.execute(db);
  return rows[0]!.n;
}

describe.skipIf(!url)("the server's PostgreSQL pool", () => {
  it("opens its connections at once with keepOpen, and none before a query without", async () => {
    const tag = `keep-open-${process.pid}-${Date.now()}`;
    const named = (suffix: string) => {
      const u = new URL(url!);
      u.searchParams.set("application_name", `${tag}-${suffix}`);
      return u.toString();
    };
    const watcher = connectDb({ databaseUrl: url });
    const kept = connectDb({ databaseUrl: named("kept"), poolSize: 3, keepOpen: true });
    const lazy = connectDb({ databaseUrl: named("lazy"), poolSize: 3 });
    opened.push(watcher, kept, lazy);
    const until = Date.now() + 5000;
    while ((await connectionsNamed(watcher, `${tag}-kept`)) < 3 && Date.now() < until)
      await new Promise((r) => setTimeout(r, 50));
    expect(await connectionsNamed(watcher, `${tag}-kept`)).toBe(3);
    expect(await connectionsNamed(watcher, `${tag}-lazy`)).toBe(0);
  });
});
