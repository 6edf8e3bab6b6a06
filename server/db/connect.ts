import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, PostgresAdapter, PostgresDialect, sql } from "kysely";
import pg from "pg";
import { FifoSqliteDialect } from "./fifo-sqlite";
import type { Database } from "./schema";

export type Db = Kysely<Database>;

export function isPostgresUrl(url: string | undefined): url is string {
  return !!url && /^postgres(ql)?:\/\//.test(url);
}

/**
 * PostgreSQL when the URL says so, otherwise an embedded SQLite file (WAL, busy timeout,
 * foreign keys on). `:memory:` gives a throwaway database for tests.
 */
export function connectDb(opts: {
  databaseUrl?: string;
  sqlitePath?: string;
  poolSize?: number;
  /** PostgreSQL: open the pool's connections now and keep them (the server; not tests, scripts). */
  keepOpen?: boolean;
  /** How long a write waits for a lock before failing (SQLite); a connection attempt (PostgreSQL). */
  waitMs?: number;
}): Db {
  if (isPostgresUrl(opts.databaseUrl)) {
    const max = opts.poolSize ?? 10;
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max,
      // A server's pool stays open at its size (as HikariCP advises): a crowd arriving after a
      // quiet spell (a deadline's last minutes) finds its connections made, instead of waiting
      // on new ones while PostgreSQL starts a backend for each.
      min: opts.keepOpen ? max : 0,
      connectionTimeoutMillis: opts.waitMs ?? 5000,
    });
    // A client losing its server (restart, network) must not crash the process: idle ones report
    // through the pool, checked-out ones through their own listener (their query fails anyway).
    pool.on("error", (err) => console.error("[db] idle client error:", err.message));
    const names = new Map<string, string>();
    pool.on("connect", (client) => {
      client.on("error", (err) => console.error("[db] client error:", err.message));
      prepareReusable(client, names);
    });
    if (opts.keepOpen)
      // Made in the background; a database that is down now is reported by the first request.
      for (let i = 0; i < max; i++)
        void pool.connect().then(
          (client) => client.release(),
          () => {},
        );
    return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  }
  const file = opts.sqlitePath ?? ":memory:";
  if (file !== ":memory:") fs.mkdirSync(path.dirname(file), { recursive: true });
  // better-sqlite3 waits for a lock synchronously, stalling every request of the process:
  // writes here take milliseconds, so a second is ample before answering 503.
  const waitMs = opts.waitMs ?? 1000;
  const sqlite = new SQLite(file);
  switchToWal(sqlite, waitMs);
  sqlite.pragma(`busy_timeout = ${waitMs}`);
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("synchronous = NORMAL");
  // The planner needs statistics to pick the right index (e.g. newest-first vs by deadline):
  // refresh them cheaply (sampled) on open, and the process repeats it hourly (optimizeDb).
  sqlite.pragma("analysis_limit = 1000");
  sqlite.pragma("optimize = 0x10002");
  return new Kysely<Database>({
    dialect: new FifoSqliteDialect({ database: keepStatements(sqlite) }),
  });
}

/**
 * Switches the file to WAL, trying again while another process holds it. The switch needs the
 * file to itself, and SQLite answers SQLITE_BUSY at once, without waiting its busy timeout, when
 * waiting could deadlock: two processes opening a new file together (WEB_CONCURRENCY, or the
 * two-process test) both switching, or one opening while another is mid-write in rollback mode.
 */
function switchToWal(sqlite: SQLite.Database, waitMs: number) {
  const deadline = Date.now() + Math.max(waitMs, 5000);
  for (;;) {
    try {
      sqlite.pragma("journal_mode = WAL");
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== "SQLITE_BUSY" || Date.now() > deadline) throw error;
      // Only while a process starts: a short synchronous pause, a little random, then again.
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 10 + Math.random() * 40);
    }
  }
}

/**
 * Kysely asks better-sqlite3 to prepare (compile) every query anew, which cost more than running
 * most of this app's queries (issue 16's profile). A query's SQL text is the same each time (its
 * values are parameters), so the compiled statement is kept by that text and reused; one still
 * being iterated (a stream) is not shared. Bounded: the oldest statements go first.
 */
function keepStatements(sqlite: SQLite.Database, max = 1000) {
  const kept = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(text: string): SQLite.Statement {
      const stmt = kept.get(text);
      if (stmt && !stmt.busy) return stmt;
      const fresh = sqlite.prepare(text);
      if (!stmt) {
        kept.set(text, fresh);
        if (kept.size > max) kept.delete(kept.keys().next().value as string);
      }
      return fresh;
    },
  };
}

/** How a statement's SQL starts when it is run again and again (`reusableStatement`). */
export const REUSABLE_SQL = "/* reusable */ ";

/**
 * A reusable statement runs on each connection as a named prepared statement: PostgreSQL parses
 * and plans it once per connection instead of at every run, which for the quiz's answer was three
 * quarters of its time there (decision 041). Every other statement goes through as it came.
 */
function prepareReusable(client: pg.PoolClient, names: Map<string, string>): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  client.query = ((text: unknown, ...rest: unknown[]) => {
    if (typeof text !== "string" || !text.startsWith(REUSABLE_SQL)) return query(text, ...rest);
    let name = names.get(text);
    if (!name) {
      name = `reusable_${createHash("sha1").update(text).digest("hex").slice(0, 24)}`;
      names.set(text, name);
    }
    const [values] = rest;
    return (query({ name, text, values }) as Promise<unknown>).catch((error: { code?: string }) => {
      // A migration run while this process runs can change what a prepared statement returns
      // ('cached plan must not change result type'): that run fails, later ones prepare afresh.
      if (error?.code === "0A000" && names.get(text) === name)
        names.set(text, `${name}_${Date.now().toString(36)}`);
      throw error;
    });
  }) as typeof client.query;
}

/** Keeps the query planner's statistics fresh; cheap when nothing changed much. */
export async function optimizeDb(db: Db): Promise<void> {
  // PostgreSQL's autovacuum analyses by itself.
  if (!isPostgres(db)) await sql`pragma optimize`.execute(db);
}

export function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/**
 * Quick probe for /health: can the database take a write now? On PostgreSQL a round trip says so.
 * SQLite in WAL mode keeps answering reads while another process holds the write lock (a stuck
 * writer, a backup), so it briefly takes the write lock itself, waiting at most 200 ms instead of
 * the usual busy timeout (better-sqlite3 waits synchronously, holding up every other request).
 */
export async function pingDb(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    await sql`select 1`.execute(db);
    return;
  }
  await db.connection().execute(async (conn) => {
    const [{ timeout }] = (await sql<{ timeout: number }>`pragma busy_timeout`.execute(conn)).rows;
    await sql.raw("pragma busy_timeout = 200").execute(conn);
    try {
      await sql`begin immediate`.execute(conn);
      await sql`rollback`.execute(conn);
    } finally {
      await sql.raw(`pragma busy_timeout = ${Number(timeout)}`).execute(conn);
    }
  });
}

/** True when a write broke a unique key or primary key, on SQLite or PostgreSQL. */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; message?: string } | null;
  const code = e?.code ?? "";
  return (
    code === "23505" ||
    code === "SQLITE_CONSTRAINT_UNIQUE" ||
    code === "SQLITE_CONSTRAINT_PRIMARYKEY" ||
    /UNIQUE constraint failed/i.test(e?.message ?? "")
  );
}

/**
 * The message of a refusal a trigger raised (SQLite's RAISE(ABORT), PostgreSQL's RAISE EXCEPTION),
 * or null for any other error.
 */
export function triggerRefusal(err: unknown): string | null {
  const e = err as { code?: string; message?: string } | null;
  const raised = e?.code === "SQLITE_CONSTRAINT_TRIGGER" || e?.code === "P0001";
  return raised ? (e?.message ?? null) : null;
}
