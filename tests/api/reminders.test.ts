import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REMINDER_GRACE_MS, REMINDER_LEAD_MS } from "#server/services/saves/reminders";
import { createTestApi, engines, type TestApi } from "#tests/helpers/api";
import { insertEvent } from "#tests/helpers/events";
import { createUserWithSession } from "#tests/helpers/users";
import { createTestWorker } from "#tests/helpers/worker";

const NOW = "2026-11-21T06:30:00.000Z";
const DAY = 86_400_000;
const MINUTE = 60_000;
const at = (ms: number) => new Date(Date.parse(NOW) + ms).toISOString();

describe.each(engines)("reminder mails on %s", (engine) => {
  let t: TestApi;
  let organiser: { id: string; cookie: string };

  beforeAll(async () => {
    t = await createTestApi(engine, { now: NOW });
    const o = await createUserWithSession(t.deps, { firstName: "Org" });
    organiser = { id: o.user.id, cookie: o.cookie };
  });
  afterAll(() => t.close());

  const save = (n: string, cookie: string) =>
    t.request(`/event/${n}/save`, { method: "POST", cookie });
  const to = <T extends { to: string }>(sent: T[], email: string) =>
    sent.filter((m) => m.to === email);

  it("reminds savers 24 h before the deadline, once, with a one-click unsubscribe", async () => {
    t.clock.set(NOW);
    const worker = createTestWorker(t.deps, t.db);
    const e = await insertEvent(t.deps, organiser.id, { endDate: at(3 * DAY) });
    const keen = await createUserWithSession(t.deps, { firstName: "Keen" });
    const quiet = await createUserWithSession(t.deps, { firstName: "Quiet", emailReminders: 0 });
    const fickle = await createUserWithSession(t.deps, { firstName: "Fickle" });
    for (const u of [keen, quiet, fickle]) await save(e.eventNumber, u.cookie);
    await t.request(`/event/${e.eventNumber}/unsave`, { method: "POST", cookie: fickle.cookie });

    t.clock.set(at(3 * DAY - REMINDER_LEAD_MS - MINUTE));
    await worker.runOnce();
    expect(worker.sent).toHaveLength(0);

    t.clock.set(at(3 * DAY - REMINDER_LEAD_MS));
    await worker.runOnce();
    expect(worker.sent.map((m) => m.to)).toEqual([keen.user.email]);
    const mail = worker.sent[0];
    expect(mail.subject).toBe(`Registration closes tomorrow: ${e.eventName}`);
    expect(mail.text).toContain(`http://localhost:3000/event/${e.eventNumber}`);
    const link = /http:\/\/localhost:3000\/unsubscribe\/([\w-]{43})/.exec(mail.text);
    expect(link).not.toBeNull();
    expect(mail.headers).toEqual({
      "List-Unsubscribe": `<${link![0]}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });

    // Running again (or later) sends nothing more.
    t.clock.advance(10 * MINUTE);
    await worker.runOnce();
    expect(worker.sent).toHaveLength(1);

    // The link turns reminders off for that person.
    expect((await t.request(`/user/unsubscribe/${link![1]}`, { method: "POST" })).status).toBe(200);
    const me = await (await t.request("/user/profile", { cookie: keen.cookie })).json();
    expect(me.emailReminders).toBe(false);
  });

  it("moves the reminder with a moved deadline, and reminds again for a new moment", async () => {
    t.clock.set(NOW);
    const worker = createTestWorker(t.deps, t.db);
    const e = await insertEvent(t.deps, organiser.id, { endDate: at(3 * DAY) });
    const u = await createUserWithSession(t.deps, { firstName: "Mover" });
    await save(e.eventNumber, u.cookie);
    const moveDeadline = async (end: string) => {
      const res = await t.request(`/event/create/${e.eventNumber}/step2`, {
        cookie: organiser.cookie,
        json: { participationType: "individual", startDate: NOW, endDate: end, contactDetails: [] },
      });
      expect(res.status).toBe(200);
    };
    await moveDeadline(at(5 * DAY));

    // The old moment passes: nothing.
    t.clock.set(at(3 * DAY - REMINDER_LEAD_MS + MINUTE));
    await worker.runOnce();
    expect(to(worker.sent, u.user.email)).toHaveLength(0);
    // The new one: the reminder names the new deadline.
    t.clock.set(at(5 * DAY - REMINDER_LEAD_MS));
    await worker.runOnce();
    expect(to(worker.sent, u.user.email)).toHaveLength(1);

    // Extended again after the reminder went out: a new moment, a new reminder; the old one once.
    await moveDeadline(at(8 * DAY));
    t.clock.set(at(8 * DAY - REMINDER_LEAD_MS));
    await worker.runOnce();
    expect(to(worker.sent, u.user.email)).toHaveLength(2);
    const sends = await t.db
      .selectFrom("reminderSends")
      .select(["kind", "moment"])
      .where("userId", "=", u.user.id)
      .orderBy("moment")
      .execute();
    expect(sends).toEqual([
      { kind: "deadline", moment: at(5 * DAY) },
      { kind: "deadline", moment: at(8 * DAY) },
    ]);
  });

  it("does not send a reminder late when the server was down at its moment", async () => {
    t.clock.set(NOW);
    const worker = createTestWorker(t.deps, t.db);
    const late = await insertEvent(t.deps, organiser.id, { endDate: at(2 * DAY) });
    const onTime = await insertEvent(t.deps, organiser.id, {
      endDate: at(2 * DAY + 3 * 3_600_000),
    });
    const u = await createUserWithSession(t.deps, { firstName: "Sleeper" });
    await save(late.eventNumber, u.cookie);
    await save(onTime.eventNumber, u.cookie);
    // Back up 2 hours after the first reminder's moment, 1 hour before the second's.
    t.clock.set(at(2 * DAY - REMINDER_LEAD_MS + REMINDER_GRACE_MS + 90 * MINUTE));
    await worker.runOnce();
    const subjects = to(worker.sent, u.user.email).map((m) => m.subject);
    expect(subjects).toEqual([]);
    const job = await t.db
      .selectFrom("jobs")
      .selectAll()
      .where("key", "=", `reminder:${late.id}:deadline`)
      .executeTakeFirstOrThrow();
    expect(job.doneAt).not.toBeNull();
    expect(job.lastError).toMatch(/skipped/);
    t.clock.set(at(2 * DAY + 3 * 3_600_000 - REMINDER_LEAD_MS));
    await worker.runOnce();
    expect(to(worker.sent, u.user.email).map((m) => m.subject)).toEqual([
      `Registration closes tomorrow: ${onTime.eventName}`,
    ]);
  });

  it("cancels the reminder of an unpublished event", async () => {
    t.clock.set(NOW);
    const worker = createTestWorker(t.deps, t.db);
    const e = await insertEvent(t.deps, organiser.id, { endDate: at(2 * DAY) });
    const u = await createUserWithSession(t.deps, { firstName: "Left" });
    await save(e.eventNumber, u.cookie);
    // Unpublished behind the scheduler's back: the job still checks the event when it runs.
    await t.db.updateTable("events").set({ status: "draft" }).where("id", "=", e.id).execute();
    t.clock.set(at(2 * DAY - REMINDER_LEAD_MS));
    await worker.runOnce();
    expect(to(worker.sent, u.user.email)).toHaveLength(0);
  });
});
