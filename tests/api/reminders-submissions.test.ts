import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REMINDER_LEAD_MS } from "#server/services/saves/reminders";
import { createTestApi, engines, type TestApi } from "#tests/helpers/api";
import { insertEvent, insertRegistration } from "#tests/helpers/events";
import { storedRound } from "#tests/helpers/rounds";
import { createUserWithSession } from "#tests/helpers/users";
import { createTestWorker } from "#tests/helpers/worker";

/**
 * SPEC-3 §2: SPEC-2's reminders gain one 24 hours before a submission round's endDate, to
 * registrations that may submit and have not; exactly once (the job table and its ledger).
 */
const NOW = new Date("2026-11-21T06:30:00.000Z");
const HOUR = 3_600_000;

describe.each(engines)("the reminder before a submission round closes (%s)", (engine) => {
  let t: TestApi;
  beforeAll(async () => {
    t = await createTestApi(engine, { now: NOW.toISOString() });
  });
  afterAll(() => t.close());

  it("goes once to members of complete, advanced teams that have not submitted", async () => {
    t.clock.set(NOW.toISOString());
    const worker = createTestWorker(t.deps, t.db);
    const org = await createUserWithSession(t.deps, { firstName: "Org" });
    const people = await Promise.all(
      ["Done1", "Done2", "Due1", "Due2", "Lone", "Out1", "Out2", "Quiet1", "Quiet2"].map(
        (firstName) => createUserWithSession(t.deps, { firstName }),
      ),
    );
    const [done1, done2, due1, due2, lone, out1, out2, quiet1, quiet2] = people.map((p) => p.user);
    const rounds = [
      storedRound(NOW, "prelims", { hours: -30, length: 2, isEliminatorRound: "true" }),
      storedRound(NOW, "ideas", { hours: -1, length: 72, kind: "submission" }),
    ];
    const event = await insertEvent(t.deps, org.user.id, {
      participationType: "team",
      minTeam: 2,
      maxTeam: 3,
      rounds: JSON.stringify(rounds),
    });
    const done = await insertRegistration(t.deps, event, [done1.id, done2.id]);
    const due = await insertRegistration(t.deps, event, [due1.id, due2.id]);
    const lonely = await insertRegistration(t.deps, event, [lone.id], "team");
    const out = await insertRegistration(t.deps, event, [out1.id, out2.id]);
    const quiet = await insertRegistration(t.deps, event, [quiet1.id, quiet2.id]);
    await t.db
      .updateTable("users")
      .set({ emailReminders: 0 })
      .where("id", "=", quiet2.id)
      .execute();
    await t.db
      .insertInto("roundResults")
      .values(
        [done, due, lonely, quiet, out].map((registrationId) => ({
          eventId: event.id,
          roundIndex: 0,
          registrationId,
          advanced: registrationId === out ? 0 : 1,
          updatedAt: NOW.toISOString(),
        })),
      )
      .execute();
    await t.db
      .insertInto("submissions")
      .values({
        id: "sub-done",
        eventId: event.id,
        roundId: rounds[1]!._id,
        registrationId: done,
        title: "Done",
        description: "Already submitted",
        links: "[]",
        submittedAt: NOW.toISOString(),
        updatedAt: NOW.toISOString(),
        updatedBy: done1.id,
      })
      .execute();

    // Not yet: a minute before 24 hours before the end.
    const end = Date.parse(rounds[1]!.endDate);
    t.clock.set(new Date(end - REMINDER_LEAD_MS - 60_000).toISOString());
    await worker.runOnce();
    expect(worker.sent.filter((m) => m.subject.includes("closes tomorrow"))).toEqual([]);

    t.clock.set(new Date(end - REMINDER_LEAD_MS).toISOString());
    await worker.runOnce();
    const reminded = worker.sent.filter((m) => m.subject.includes("closes tomorrow"));
    expect(reminded.map((m) => m.to).sort()).toEqual([due1.email, due2.email, quiet1.email].sort());
    expect(reminded[0]!.subject).toBe(`Round ideas closes tomorrow: ${event.eventName}`);
    expect(reminded[0]!.text).toContain("yours is not in yet");

    // Exactly once: the job is done, and running it again (another worker) sends nothing more.
    t.clock.set(new Date(end - REMINDER_LEAD_MS + 5 * 60_000).toISOString());
    await worker.runOnce();
    const other = createTestWorker(t.deps, t.db);
    await other.runOnce();
    expect(worker.sent.filter((m) => m.subject.includes("closes tomorrow"))).toHaveLength(3);
    expect(other.sent.filter((m) => m.subject.includes("closes tomorrow"))).toHaveLength(0);
    const jobs = await t.db
      .selectFrom("jobs")
      .select(["key", "notAfter"])
      .where("key", "like", `reminder:${event.id}:submission:%`)
      .execute();
    expect(jobs).toEqual([
      {
        key: `reminder:${event.id}:submission:${rounds[1]!._id}`,
        notAfter: new Date(end - 24 * HOUR + 30 * 60_000).toISOString(),
      },
    ]);
  });
});
