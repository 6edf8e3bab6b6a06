import { randomBytes } from "node:crypto";
import net from "node:net";
import { Kysely, PostgresDialect, sql } from "kysely";
import pg from "pg";
import { connectDb } from "#server/db/connect";
import { migrateToLatest } from "#server/db/migrations";
import { readConfig } from "#server/config";
import { type Deps, mailerFor } from "#server/lib/deps";
import { createApi } from "#server/http/app";
import { fixedClock } from "#server/lib/clock";
import { memoryStorage } from "#server/storage/storage";
import { APP_URL } from "./api";

/**
 * A TCP proxy on loopback in front of a real server, that a test can cut (refuse new connections
 * and drop open ones) and restore: a database "going away" without touching the shared server.
 */
export async function startTcpProxy(targetHost: string, targetPort: number) {
  const sockets = new Set<net.Socket>();
  let server: net.Server | null = null;
  let port = 0;

  const listen = () =>
    new Promise<void>((resolve) => {
      server = net.createServer((client) => {
        const upstream = net.connect(targetPort, targetHost);
        sockets.add(client).add(upstream);
        const drop = () => {
          client.destroy();
          upstream.destroy();
          sockets.delete(client);
          sockets.delete(upstream);
        };
        client.on("error", drop).on("close", drop).pipe(upstream);
        upstream.on("error", drop).on("close", drop).pipe(client);
      });
      server.listen(port, "127.0.0.1", () => {
        port = (server!.address() as net.AddressInfo).port;
        resolve();
      });
    });

  await listen();
  return {
    get port() {
      return port;
    },
    /** Refuses new connections and drops the open ones. */
    async cut() {
      for (const s of sockets) s.destroy();
      sockets.clear();
      await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
      server = null;
    },
    /** Accepts connections again on the same port. */
    restore: listen,
    close() {
      return this.cut();
    },
  };
}

/**
 * A fresh, migrated PostgreSQL database (from TEST_DATABASE_URL) reached through a proxy the
 * test can cut and restore: the database "going away" under a running backend.
 */
export async function proxiedPostgres(tag: string) {
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const name = `utsav_t_${tag}_${randomBytes(4).toString("hex")}`;
  const admin = new Kysely<any>({
    dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: adminUrl, max: 1 }) }),
  });
  await sql.raw(`create database "${name}"`).execute(admin);
  const target = new URL(adminUrl);
  const proxy = await startTcpProxy(target.hostname, Number(target.port || 5432));
  const url = new URL(adminUrl);
  url.hostname = "127.0.0.1";
  url.port = String(proxy.port);
  url.pathname = `/${name}`;
  const db = connectDb({ databaseUrl: url.toString(), poolSize: 2, waitMs: 1000 });
  await migrateToLatest(db);
  return {
    db,
    proxy,
    async drop() {
      await db.destroy();
      await proxy.close();
      await sql.raw(`drop database if exists "${name}" with (force)`).execute(admin);
      await admin.destroy();
    },
  };
}

/** The backend (its deps and its API) over a proxiedPostgres database, for the fault tests. */
export async function apiOverProxiedPostgres(tag: string) {
  const pgDb = await proxiedPostgres(tag);
  const clock = fixedClock("2026-11-21T06:30:00Z");
  const deps: Deps = {
    db: pgDb.db,
    clock,
    storage: memoryStorage(),
    mail: mailerFor(clock),
    config: readConfig({ NODE_ENV: "test", APP_URL }),
  };
  return { ...pgDb, deps, api: createApi(deps) };
}
