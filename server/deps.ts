import path from "node:path";
import type { Config } from "./config";
import { connectDb, type Db, isPostgresUrl, optimizeDb } from "./db/connect";
import { migrateToLatest } from "#server/db/migrations";
import { type Clock, systemClock } from "./lib/clock";
import {
  createMailWorker,
  diskTransport,
  enqueueMail,
  type Mail,
  type MailWorker,
  smtpTransport,
} from "./mail/outbox";
import { REMINDER_JOB, reminderJobHandler } from "#server/services/saves/reminders";
import { QUIZ_FINISH_JOB, quizFinishJobHandler } from "#server/services/quiz/results";
import { s3Storage } from "./storage/s3";
import { localStorage, type Storage, sweepTempFiles } from "./storage/storage";
import type { Kysely, Transaction } from "kysely";
import type { Database } from "./db/schema";
import { createViewCounter, type ViewCounter } from "#server/services/organiser/view-counter";
import { createFindCounts, type FindCounts } from "#server/services/events/event-find";

/** Queues mail in the caller's transaction and wakes the worker once it has committed. */
export interface Mailer {
  queue(db: Kysely<Database> | Transaction<Database>, mail: Mail | Mail[]): Promise<void>;
  poke(): void;
}

/** What every service and route receives. Tests build one with a fresh database and a fixed clock. */
export interface Deps {
  db: Db;
  storage: Storage;
  mail: Mailer;
  clock: Clock;
  config: Config;
  /** Event-page views for insights; absent where nothing counts them (tests that need not). */
  views?: ViewCounter;
  /** Text-search counts kept while the database is unchanged (SQLite); absent: always counted. */
  findCounts?: FindCounts;
}

export function mailerFor(clock: Clock, worker?: Pick<MailWorker, "poke">): Mailer {
  return {
    queue: (db, mail) => enqueueMail(db, clock, mail),
    poke: () => worker?.poke(),
  };
}

/** The composed backend of one process: its dependencies plus the mail worker. */
export async function createDeps(config: Config, clock: Clock = systemClock) {
  const db = connectDb({
    databaseUrl: config.databaseUrl,
    sqlitePath: path.join(config.dataDir, "utsav.db"),
    keepOpen: true,
    ...(isPostgresUrl(config.databaseUrl) ? {} : { waitMs: config.sqliteBusyTimeoutMs }),
  });
  await migrateToLatest(db);
  const transport = config.smtpUrl
    ? smtpTransport(config.smtpUrl)
    : diskTransport(path.join(config.dataDir, "mail"));
  // One worker for everything that happens later: scheduled jobs (reminders), then mail.
  const worker = createMailWorker({
    db,
    clock,
    transport,
    from: config.mailFrom,
    jobs: {
      [REMINDER_JOB]: (job) => reminderJobHandler(deps)(job),
      [QUIZ_FINISH_JOB]: (job) => quizFinishJobHandler(deps)(job),
    },
  });
  if (config.mailWorker) worker.start();
  const optimizer = setInterval(() => void optimizeDb(db).catch(() => {}), 3_600_000);
  optimizer.unref();
  let storage: Storage = localStorage(path.join(config.dataDir, "uploads"));
  await sweepTempFiles(path.join(config.dataDir, "uploads"));
  if (config.s3) {
    const s3 = s3Storage(config.s3);
    await s3.ensureBucket();
    storage = s3;
  }
  const views = config.viewCounting ? createViewCounter({ db, clock }) : undefined;
  views?.start();
  const deps: Deps = {
    db,
    storage,
    // MAIL_WORKER=off: this process never sends; its mails wait in the outbox for one that does.
    mail: mailerFor(clock, config.mailWorker ? worker : undefined),
    clock,
    config,
    views,
    findCounts: createFindCounts(),
  };
  return {
    deps,
    worker,
    async close() {
      clearInterval(optimizer);
      // Views counted in memory are written before the database goes.
      await views?.stop().catch((err) => console.error("[views] last flush failed:", err));
      await worker.stop();
      await db.destroy();
    },
  };
}

/**
 * `kill -USR2 <pid>` pauses view counting and the next one resumes it, in a running server: the
 * benchmark compares the event page with counting on and off in one process this way (two
 * processes differ by several percent whatever they run). Wired by both entry points.
 */
export function toggleViewsOnSignal(
  views: ViewCounter | undefined,
  signal: NodeJS.Signals = "SIGUSR2",
) {
  if (!views) return;
  process.on(signal, () => {
    console.log(`[views] counting ${views.togglePaused() ? "paused" : "resumed"}`);
  });
}
