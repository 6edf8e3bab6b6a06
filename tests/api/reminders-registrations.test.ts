import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REMINDER_LEAD_MS } from "#server/services/saves/reminders";
import { createTestApi, engines, type TestApi } from "#tests/helpers/api";
import { insertEvent, insertRegistration } from "#tests/helpers/events";
import { createUserWithSession } from "#tests/helpers/users";
import { createTestWorker } from "#tests/helpers/worker";

const NOW = "2026-11-21T06:30:00.000Z";
const DAY = 86_400_000;
const at = (ms: number) => new Date(Date.parse(NOW) + ms).toISOString();

describe.each(engines)("reminders to registrants on %s", (engine) => {
  let t: TestApi;
  let orgId: string;

  beforeAll(async () => {
    t = await createTestApi(engine, { now: NOW });
    orgId = (await createUserWithSession(t.deps, { firstName: "Org" })).user.id;
  });
  afterAll(() => t.close());

  const person = async (firstName: string, extra = {}) =>
    (await createUserWithSession(t.deps, { firstName, ...extra })).user;

  it("at the deadline: savers not registered, and each member of an incomplete team", async () => {
    t.clock.set(NOW);
    const worker = createTestWorker(t.deps, t.db);
    const e = await insertEvent(t.deps, orgId, {
      participationType: "team",
      minTeam: 3,
      maxTeam: 4,
      endDate: at(3 * DAY),
    });
    const [saver, savedAndRegistered, a, b, c, full1, full2, full3] = await Promise.all(
      ["Saver", "Both", "Ana", "Ben", "Cai", "F1", "F2", "F3"].map((n) => person(n)),
    );
    for (const u of [saver, savedAndRegistered])
      await t.db
        .insertInto("saves")
        .values({ userId: u.id, eventId: e.id, createdAt: NOW })
        .execute();
    await insertRegistration(t.deps, e, [a.id, b.id]);
    await insertRegistration(t.deps, e, [full1.id, full2.id, full3.id]);
    await insertRegistration(t.deps, e, [savedAndRegistered.id, c.id]);
    // Ben leaves his team before the reminder: his is cancelled, and Ana's team needs one more.
    await t.db.deleteFrom("registrationMembers").where("userId", "=", b.id).execute();
    await t.db.updateTable("registrations").set({ size: 1 }).where("leaderId", "=", a.id).execute();

    t.clock.set(at(3 * DAY - REMINDER_LEAD_MS));
    await worker.runOnce();
    const got = Object.fromEntries(worker.sent.map((m) => [m.to, m.subject]));
    expect(got).toEqual({
      [saver.email]: `Registration closes tomorrow: ${e.eventName}`,
      [a.email]: `Your team needs 2 more: ${e.eventName}`,
      [savedAndRegistered.email]: `Your team needs 1 more: ${e.eventName}`,
      [c.email]: `Your team needs 1 more: ${e.eventName}`,
    });
    expect(worker.sent.find((m) => m.to === a.email)!.text).toContain("Your team needs 2 more");
  });

  it("24 h before each round: every registrant with reminders on, less those out of an eliminator round", async () => {
    t.clock.set(NOW);
    const worker = createTestWorker(t.deps, t.db);
    const e = await insertEvent(t.deps, orgId, {
      endDate: at(2 * DAY),
      rounds: JSON.stringify([
        {
          title: "Prelims",
          description: "Quiz",
          startDate: at(4 * DAY),
          endDate: at(4 * DAY + 3_600_000),
          isEliminatorRound: "true",
        },
        {
          title: "Finals",
          description: "Stage",
          startDate: at(6 * DAY),
          endDate: at(6 * DAY + 3_600_000),
          isEliminatorRound: "false",
        },
      ]),
    });
    const [x, y, quiet, outsider] = await Promise.all([
      person("X"),
      person("Y"),
      person("Quiet", { emailReminders: 0 }),
      person("Outsider"),
    ]);
    const registrationOf: Record<string, string> = {};
    for (const u of [x, y, quiet])
      registrationOf[u.id] = await insertRegistration(t.deps, e, [u.id]);
    await t.db
      .insertInto("saves")
      .values({ userId: outsider.id, eventId: e.id, createdAt: NOW })
      .execute();

    t.clock.set(at(4 * DAY - REMINDER_LEAD_MS));
    await worker.runOnce();
    const prelims = worker.sent.filter((m) => m.subject.startsWith("Prelims"));
    expect(prelims.map((m) => m.to).sort()).toEqual([x.email, y.email].sort());
    expect(prelims[0].subject).toBe(`Prelims starts tomorrow: ${e.eventName}`);
    expect(prelims[0].headers?.["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");

    // The eliminator's results are in: X advanced, Y is out of the running for the finals.
    await t.db
      .insertInto("roundResults")
      .values(
        [x, y, quiet].map((u) => ({
          eventId: e.id,
          roundIndex: 0,
          registrationId: registrationOf[u.id],
          advanced: u === x ? 1 : 0,
          updatedAt: at(5 * DAY),
        })),
      )
      .execute();
    t.clock.set(at(6 * DAY - REMINDER_LEAD_MS));
    await worker.runOnce();
    const finals = worker.sent.filter((m) => m.subject.startsWith("Finals"));
    expect(finals.map((m) => m.to)).toEqual([x.email]);
  });
});
