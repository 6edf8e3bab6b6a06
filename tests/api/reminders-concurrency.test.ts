import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readConfig } from "#server/config";
import { fixedClock } from "#server/lib/clock";
import { REMINDER_LEAD_MS, reminderJobHandler } from "#server/services/saves/reminders";
import { mailerFor } from "#server/lib/deps";
import { APP_URL, engines } from "#tests/helpers/api";
import { insertEvent } from "#tests/helpers/events";
import { twoConnections } from "#tests/helpers/shared-db";
import { createUserWithSession } from "#tests/helpers/users";

const NOW = "2026-11-21T06:30:00.000Z";
const DAY = 86_400_000;
const SAVERS = 120;

describe.each(engines)("one reminder job run twice at once on %s", (engine) => {
  let shared: Awaited<ReturnType<typeof twoConnections>>;
  const clock = fixedClock(NOW);
  const config = readConfig({ NODE_ENV: "test", APP_URL, DATA_DIR: "/tmp/utsav-api-tests" });

  beforeAll(async () => {
    shared = await twoConnections(engine);
  });
  afterAll(() => shared.drop());

  async function eventWithSavers(endInDays: number) {
    const deps = { db: shared.a, clock, config };
    const org = await createUserWithSession(deps, { firstName: "Org" });
    const e = await insertEvent(deps, org.user.id, {
      endDate: new Date(Date.parse(NOW) + endInDays * DAY).toISOString(),
    });
    const emails: string[] = [];
    for (let i = 0; i < SAVERS; i++) {
      const { user } = await createUserWithSession(deps, { firstName: "Saver" });
      await shared.a
        .insertInto("saves")
        .values({ userId: user.id, eventId: e.id, createdAt: NOW })
        .execute();
      emails.push(user.email);
    }
    return { e, emails };
  }

  it("queues each person's reminder once even when the same job runs twice at once", async () => {
    // The claim already keeps a job to one worker; this is the ledger's guarantee beneath it,
    // for a run that outlived its lock while another took the job over.
    clock.set(NOW);
    const { e, emails } = await eventWithSavers(3);
    const job = await shared.a
      .selectFrom("jobs")
      .selectAll()
      .where("key", "=", `reminder:${e.id}:deadline`)
      .executeTakeFirstOrThrow();
    clock.set(new Date(Date.parse(e.endDate!) - REMINDER_LEAD_MS).toISOString());
    const run = (db: typeof shared.a) =>
      reminderJobHandler({ db, clock, config, mail: mailerFor(clock) })(job);
    // PostgreSQL: two pools at once. SQLite: one connection (better-sqlite3 waits for a lock
    // synchronously, so two connections in one process would wait on each other; two processes
    // are in reminders-processes.test.ts), the runs interleaved on it.
    const other = engine === "postgres" ? shared.b : shared.a;
    await Promise.all([run(shared.a), run(other), run(shared.a)]);
    const queued = await shared.a
      .selectFrom("mailOutbox")
      .select("to")
      .where("to", "in", emails)
      .execute();
    expect(queued.map((m) => m.to).sort()).toEqual([...emails].sort());
  });
});
