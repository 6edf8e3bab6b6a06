import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import { connectDb, type Db } from "#server/db/connect";
import { migrateToLatest } from "#server/db/migrations";
import path from "node:path";

/**
 * The compiled server as `npm start` runs it (`BUILD_DIR/node/start.js`: server.js in this
 * process, or WEB_CONCURRENCY of them) as the benchmarks run it: production, on the
 * loopback address, rate limits off unless asked, no mail worker. stdout is read (and drained),
 * for the lines some parts wait for.
 */
export function startBuiltServer(options: {
  buildDir: string;
  dataDir: string;
  port: number;
  databaseUrl?: string;
  env?: Record<string, string>;
}): { base: string; child: ChildProcess } {
  const base = `http://127.0.0.1:${options.port}`;
  // BENCH_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" profiles the server under a bench
  // (Node refuses --cpu-prof in NODE_OPTIONS).
  const nodeArgs = process.env.BENCH_NODE_ARGS?.split(" ").filter(Boolean) ?? [];
  const child = spawn(
    process.execPath,
    [...nodeArgs, path.join(options.buildDir, "node/start.js")],
    {
      env: {
        ...process.env,
        PORT: String(options.port),
        HOST: "127.0.0.1",
        APP_URL: base,
        DATA_DIR: options.dataDir,
        DATABASE_URL: options.databaseUrl ?? "",
        BUILD_DIR: options.buildDir,
        NODE_ENV: "production",
        RATE_LIMIT: "off",
        MAIL_WORKER: "off",
        WEB_CONCURRENCY: "1",
        ...options.env,
      },
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
  child.stdout?.resume();
  return { base, child };
}

/** Waits (60 s at most) until `url` answers 2xx; throws when the process exits first. */
export async function waitFor(url: string, child: ChildProcess) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error("server exited");
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server did not answer ${url}`);
}

/**
 * One bench part on one engine: a fresh data directory and database (an SQLite file there, or
 * the PostgreSQL database at `pgUrl`), migrated and seeded by `seed`, the built server started on
 * it; `run` gets the server's base URL, what `seed` returned and a way to open the database.
 * The server is stopped and the directory removed afterwards, whatever `run` does.
 */
export async function withSeededServer<Seeded, Result>(options: {
  buildDir: string;
  tmpPrefix: string;
  port: number;
  pgUrl?: string;
  env?: Record<string, string>;
  seed: (db: Db) => Promise<Seeded>;
  run: (server: { base: string; seeded: Seeded; connect: () => Db }) => Promise<Result>;
}): Promise<Result> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), options.tmpPrefix));
  const connect = (): Db =>
    options.pgUrl
      ? connectDb({ databaseUrl: options.pgUrl })
      : connectDb({ sqlitePath: path.join(dataDir, "utsav.db") });
  const db = connect();
  await migrateToLatest(db);
  const seeded = await options.seed(db);
  await db.destroy();
  const { base, child } = startBuiltServer({
    buildDir: options.buildDir,
    dataDir,
    port: options.port,
    databaseUrl: options.pgUrl,
    env: options.env,
  });
  try {
    await waitFor(`${base}/api/v1/health`, child);
    return await options.run({ base, seeded, connect });
  } finally {
    child.kill("SIGTERM");
    await new Promise((r) => child.once("exit", r));
    rmSync(dataDir, { recursive: true, force: true });
  }
}
