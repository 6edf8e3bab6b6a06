import fs from "node:fs";
import path from "node:path";
import { z } from "zod";
import type { S3Settings } from "./storage/s3";

/** Every setting the process reads from the environment, validated once at start. */
export const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  APP_URL: z.url().optional(),
  DATA_DIR: z.string().default("./data"),
  DATABASE_URL: z.string().optional(),
  API_URL: z.url().optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default("Utsav <no-reply@utsav.local>"),
  SESSION_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  TRUST_PROXY: z.enum(["0", "1", "2", "3", "4", "5", "true", "false"]).default("0"),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  GOOGLE_AUTHORIZATION_URL: z.url().optional(),
  GOOGLE_TOKEN_URL: z.url().optional(),
  GOOGLE_USERINFO_URL: z.url().optional(),
  FEEDBACK_FORM_URL: z.url().optional(),
  S3_BUCKET: z.string().optional(),
  S3_ENDPOINT: z.url().optional(),
  S3_REGION: z.string().default("us-east-1"),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: z.enum(["0", "1", "true", "false"]).default("1"),
  SESSION_SECRET: z.string().min(32, "SESSION_SECRET must be at least 32 characters").optional(),
  PAGE_CACHE_SECONDS: z.coerce.number().int().min(0).max(300).default(5),
  RATE_LIMIT: z.enum(["on", "off"]).default("on"),
  MAIL_WORKER: z.enum(["on", "off"]).default("on"),
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(1),
  VIEW_COUNTING: z.enum(["on", "off"]).default("on"),
  LOOP_DELAY_LOG_SECONDS: z.coerce.number().int().min(0).max(3600).default(0),
  SQLITE_BUSY_TIMEOUT_MS: z.coerce.number().int().min(100).max(60000).default(1000),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  DIGEST_TIME: z
    .string()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, "DIGEST_TIME must be HH:MM (India time)")
    .default("18:00"),
});

export type Config = {
  env: "development" | "production" | "test";
  port: number;
  host: string;
  appUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  apiUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  sessionDays: number;
  /** How many reverse proxies in front of us append to X-Forwarded-For (0: none, trust none). */
  trustProxy: number;
  google: {
    clientId?: string;
    clientSecret?: string;
    authorizationUrl?: string;
    tokenUrl?: string;
    userInfoUrl?: string;
  };
  feedbackFormUrl: string | undefined;
  /** Set when uploads go to an S3-compatible bucket instead of DATA_DIR/uploads. */
  s3: S3Settings | undefined;
  /** Signs short-lived cookies (the Google sign-in state); unset: a random key kept in DATA_DIR. */
  sessionSecret?: string;
  /** How long a public page may be served again to anonymous visitors (0: never). */
  pageCacheSeconds: number;
  rateLimit: boolean;
  mailWorker: boolean;
  /** Web processes `npm start` runs on one port (server/cluster.ts). */
  webConcurrency: number;
  /** Count event-page views for insights (off only to measure what counting costs). */
  viewCounting: boolean;
  /** Every this many seconds, log the event loop's delay and GC pauses (0: never; profiling). */
  loopDelayLogSeconds: number;
  /** SQLite: how long a write waits for another process's lock before the API answers 503. */
  sqliteBusyTimeoutMs: number;
  /** PostgreSQL: connections each process keeps open; requests beyond them wait in Node, in order. */
  databasePoolSize: number;
  /** When the followers' daily digest goes (SPEC-4 §4), `HH:MM` India time. */
  digestTime: string;
};

/**
 * Production (NODE_ENV=production, which `npm start` sets) over HTTPS: every cookie is Secure and
 * the session cookie is `__Host-`. The one rule for the API's cookies and the web app's toast.
 */
export function secureCookies(config: Pick<Config, "env" | "appUrl">): boolean {
  return config.env === "production" && config.appUrl.startsWith("https:");
}

/** Loads ./.env when present (Node's own parser); real environment variables win. */
export function loadDotEnv(file = ".env"): void {
  if (fs.existsSync(file)) process.loadEnvFile(file);
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty value (`API_URL=` in .env) means "not set".
  const cleaned = Object.fromEntries(
    Object.entries(env).filter(([, v]) => v !== undefined && v !== ""),
  );
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    appUrl: (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ""),
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL || undefined,
    apiUrl: e.API_URL,
    smtpUrl: e.SMTP_URL || undefined,
    mailFrom: e.MAIL_FROM,
    sessionDays: e.SESSION_DAYS,
    trustProxy:
      e.TRUST_PROXY === "true" ? 1 : e.TRUST_PROXY === "false" ? 0 : Number(e.TRUST_PROXY),
    google: {
      clientId: e.GOOGLE_CLIENT_ID || undefined,
      clientSecret: e.GOOGLE_CLIENT_SECRET || undefined,
      authorizationUrl: e.GOOGLE_AUTHORIZATION_URL,
      tokenUrl: e.GOOGLE_TOKEN_URL,
      userInfoUrl: e.GOOGLE_USERINFO_URL,
    },
    feedbackFormUrl: e.FEEDBACK_FORM_URL,
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          endpoint: e.S3_ENDPOINT,
          region: e.S3_REGION,
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          forcePathStyle: e.S3_FORCE_PATH_STYLE === "1" || e.S3_FORCE_PATH_STYLE === "true",
        }
      : undefined,
    sessionSecret: e.SESSION_SECRET,
    pageCacheSeconds: e.PAGE_CACHE_SECONDS,
    rateLimit: e.RATE_LIMIT === "on",
    mailWorker: e.MAIL_WORKER === "on",
    webConcurrency: e.WEB_CONCURRENCY,
    viewCounting: e.VIEW_COUNTING === "on",
    loopDelayLogSeconds: e.LOOP_DELAY_LOG_SECONDS,
    sqliteBusyTimeoutMs: e.SQLITE_BUSY_TIMEOUT_MS,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    digestTime: e.DIGEST_TIME,
  };
}
