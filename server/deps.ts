import path from "node:path";
import type { Config } from "./config";
import { connectDb, isPostgresUrl, optimizeDb } from "./db/connect";
import { migrateToLatest } from "#server/db/migrations";
import { type Clock, systemClock } from "./lib/clock";
import { attachmentRenderers } from "./mail/attachments";
import {
  type AttachmentRenderers,
  createMailWorker,
  diskTransport,
  smtpTransport,
} from "./mail/outbox";
import type { JobHandler } from "#server/jobs/jobs";
import { jobHandlers } from "#server/jobs/handlers";
import { type Deps, mailerFor } from "#server/lib/deps";
import { s3Storage } from "./storage/s3";
import { localStorage, type Storage, sweepTempFiles } from "./storage/storage";
import { createViewCounter, type ViewCounter } from "#server/services/organiser/view-counter";
import { createFindCounts } from "#server/services/events/event-find";
import { scheduleDigests } from "#server/services/orgs/digest";

/** The composed backend of one process: its dependencies plus the mail worker. */
export async function createDeps(config: Config, clock: Clock = systemClock) {
  const db = connectDb({
    databaseUrl: config.databaseUrl,
    sqlitePath: path.join(config.dataDir, "utsav.db"),
    keepOpen: true,
    ...(isPostgresUrl(config.databaseUrl)
      ? { poolSize: config.databasePoolSize }
      : { waitMs: config.sqliteBusyTimeoutMs }),
  });
  await migrateToLatest(db);
  const transport = config.smtpUrl
    ? smtpTransport(config.smtpUrl)
    : diskTransport(path.join(config.dataDir, "mail"));
  const jobs: Record<string, JobHandler> = {};
  const attachments: AttachmentRenderers = {};
  // One worker for everything that happens later: scheduled jobs (reminders), then mail.
  const worker = createMailWorker({
    db,
    clock,
    transport,
    from: config.mailFrom,
    // Filled below, once the deps the handlers take exist (the worker is one of them).
    jobs,
    attachments,
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
  Object.assign(jobs, jobHandlers(deps));
  Object.assign(attachments, attachmentRenderers(deps));
  // The followers' digest of today (unless its moment passed) and tomorrow (SPEC-4 §4).
  await scheduleDigests(deps);
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
