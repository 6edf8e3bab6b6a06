import type { KyselyPlugin } from "kysely";
import { afterAll, beforeAll } from "vitest";
import type { UserRow } from "#server/db/schema";
import { readConfig, type Config } from "#server/config";
import { connectDb, type Db } from "#server/db/connect";
import { migrateToLatest } from "#server/db/migrations";
import { mailerFor, type Deps } from "#server/lib/deps";
import { createFindCounts } from "#server/services/events/event-find";
import { fixedClock } from "#server/lib/clock";
import { createApi } from "#server/http/app";
import { memoryStorage, type Storage } from "#server/storage/storage";
import { newPostgresDatabase } from "./postgres";
import { createUserWithSession } from "./users";

export const APP_URL = "http://localhost:3000";

/** Which engine the API tests run on: SQLite always, PostgreSQL too when TEST_DATABASE_URL is set. */
// TEST_ENGINES=postgres runs only the PostgreSQL cases: .ci/run's second pass, after the first
// pass has run every SQLite case.
const allEngines = ["sqlite", ...(process.env.TEST_DATABASE_URL ? ["postgres"] : [])] as const;
export const engines = (
  process.env.TEST_ENGINES
    ? allEngines.filter((e) => process.env.TEST_ENGINES?.split(",").includes(e))
    : allEngines
) as readonly ("sqlite" | "postgres")[];

/** A fresh, migrated database: in-memory SQLite, or a new PostgreSQL database dropped on close. */
export async function freshDb(
  engine: "sqlite" | "postgres",
): Promise<{ db: Db; drop(): Promise<void> }> {
  if (engine === "sqlite") {
    const db = connectDb({ sqlitePath: ":memory:" });
    await migrateToLatest(db);
    return { db, drop: () => db.destroy() };
  }
  const database = await newPostgresDatabase();
  const db = connectDb({ databaseUrl: database.url, poolSize: 4 });
  await migrateToLatest(db);
  return {
    db,
    async drop() {
      await db.destroy();
      await database.drop();
    },
  };
}

export interface TestApi {
  api: ReturnType<typeof createApi>;
  deps: Deps;
  db: Db;
  clock: ReturnType<typeof fixedClock>;
  storage: Storage;
  /** Sends a request to /api/v1{path}; `cookie` is sent as is, `json` as a JSON body. */
  request(
    path: string,
    init?: RequestInit & { json?: unknown; cookie?: string; ip?: string },
  ): Promise<Response>;
  close(): Promise<void>;
}

/** The API in-process on a fresh database with a fixed clock and in-memory storage. */
export async function createTestApi(
  engine: "sqlite" | "postgres" = "sqlite",
  options: { now?: string; config?: Partial<Config>; env?: Record<string, string> } = {},
): Promise<TestApi> {
  const { db, drop } = await freshDb(engine);
  const clock = fixedClock(options.now ?? "2026-11-21T06:30:00.000Z");
  const storage = memoryStorage();
  const config: Config = {
    ...readConfig({ NODE_ENV: "test", APP_URL, DATA_DIR: "/tmp/utsav-api-tests", ...options.env }),
    ...options.config,
  };
  // As the server's: text-search counts kept while the database is unchanged.
  const deps: Deps = {
    db,
    storage,
    clock,
    config,
    mail: mailerFor(clock),
    findCounts: createFindCounts(),
  };
  const api = createApi(deps);
  return {
    api,
    deps,
    db,
    clock,
    storage,
    request(path, init = {}) {
      const { json, cookie, ip, ...rest } = init;
      const headers = new Headers(rest.headers);
      if (cookie) headers.set("Cookie", cookie);
      let body = rest.body;
      if (json !== undefined) {
        headers.set("Content-Type", "application/json");
        body = JSON.stringify(json);
      }
      return Promise.resolve(
        api.request(
          `/api/v1${path}`,
          { ...rest, headers, body, method: rest.method ?? (body ? "POST" : "GET") },
          { clientIp: ip ?? "203.0.113.7" },
        ),
      );
    },
    close: drop,
  };
}

/** The `name=value` part of a response's Set-Cookie for the session, for the next request. */
/**
 * Makes the API count the statements it runs (a result comes back once per statement sent; a
 * subquery is part of its statement): `count()` is how many since the last `reset()`.
 */
export function countStatements(t: TestApi): { count(): number; reset(): void } {
  let statements = 0;
  const counting: KyselyPlugin = {
    transformQuery: ({ node }) => node,
    transformResult: async ({ result }) => {
      statements++;
      return result;
    },
  };
  t.deps.db = t.db.withPlugin(counting);
  return {
    count: () => statements,
    reset: () => {
      statements = 0;
    },
  };
}

export function sessionCookieFrom(res: Response): string | null {
  for (const c of res.headers.getSetCookie()) {
    const [pair] = c.split(";");
    if (pair.startsWith("utsav_session=") && pair !== "utsav_session=") return pair;
  }
  return null;
}

/** Mails queued so far, newest last. */
export async function outbox(db: Db) {
  return db.selectFrom("mailOutbox").selectAll().orderBy("id").execute();
}

export function linksIn(text: string): string[] {
  return text.match(/https?:\/\/[^\s>"]+/g) ?? [];
}

/** A signed-in organiser of the describe's events. */
export type Organiser = { user: UserRow; cookie: string };

/**
 * Before the describe's tests: a test API on `engine` with an organiser signed in, handed to
 * `ready`; after them, the API closed.
 */
export function withOrganiser(
  engine: (typeof engines)[number],
  ready: (api: { t: TestApi; org: Organiser }) => void,
) {
  let t: TestApi | undefined;
  beforeAll(async () => {
    t = await createTestApi(engine);
    ready({ t, org: await createUserWithSession(t.deps, { firstName: "Organiser" }) });
  });
  afterAll(() => t?.close());
}
