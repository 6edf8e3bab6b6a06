import type { Kysely, Transaction } from "kysely";
import type { Config } from "#server/config";
import type { Db } from "#server/db/connect";
import type { Database } from "#server/db/schema";
import type { Clock } from "#server/lib/clock";
import { enqueueMail, type Mail, type MailWorker } from "#server/mail/outbox";
import type { FindCounts } from "#server/services/events/event-find";
import type { ViewCounter } from "#server/services/organiser/view-counter";
import type { Storage } from "#server/storage/storage";

/**
 * What every service and route receives. The composition root (`server/deps.ts`) builds it;
 * tests build one with a fresh database and a fixed clock. It lives here, below the services,
 * so that services import it without importing the root that imports them.
 */
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

/** Queues mail in the caller's transaction and wakes the worker once it has committed. */
export interface Mailer {
  queue(db: Kysely<Database> | Transaction<Database>, mail: Mail | Mail[]): Promise<void>;
  poke(): void;
}

export function mailerFor(clock: Clock, worker?: Pick<MailWorker, "poke">): Mailer {
  return {
    queue: (db, mail) => enqueueMail(db, clock, mail),
    poke: () => worker?.poke(),
  };
}
