import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { isUniqueViolation } from "#server/db/connect";
import { createTestApi, engines, type TestApi } from "#tests/helpers/api";
import { insertEvent } from "#tests/helpers/events";
import { type JudgingEvent, judgingEvent } from "#tests/helpers/judging";

/** Migration 0017_judging: the keys that hold judging's rules whatever arrives at once. */
describe.each(engines)("0017_judging on %s", (engine) => {
  let t: TestApi;
  let e: JudgingEvent;
  const NOW = "2026-11-21T06:30:00.000Z";
  beforeEach(async () => {
    t = await createTestApi(engine);
    e = await judgingEvent(t, { submissions: 2, judges: 2 });
    await t.db
      .insertInto("judgings")
      .values({
        id: "jdg1",
        eventId: e.event.id,
        roundId: "rndSubmit001",
        criteria: "[]",
        judgesPerSubmission: 2,
        createdAt: NOW,
        updatedAt: NOW,
      })
      .execute();
  });
  afterEach(() => t.close());

  async function refused(write: Promise<unknown>) {
    const err = await write.then(
      () => null,
      (e: unknown) => e,
    );
    expect(isUniqueViolation(err), String(err)).toBe(true);
  }
  const pair = (judge = 0, submission = 0) => ({
    judgingId: "jdg1",
    submissionId: e.entrants[submission].submissionId,
    judgeId: e.judges[judge].user.id,
  });

  it("new judgings start in set-up, not blind, not sharing feedback", async () => {
    expect(
      await t.db.selectFrom("judgings").select(["state", "blind", "shareFeedback"]).execute(),
    ).toEqual([{ state: "setup", blind: 0, shareFeedback: 0 }]);
  });

  it("one judging per round", async () => {
    await refused(
      t.db
        .insertInto("judgings")
        .values({
          id: "jdg2",
          eventId: e.event.id,
          roundId: "rndSubmit001",
          criteria: "[]",
          judgesPerSubmission: 1,
          createdAt: NOW,
          updatedAt: NOW,
        })
        .execute(),
    );
  });

  it("a judge once per judging, a submission to a judge once, one conflict and one score per pair", async () => {
    await t.db
      .insertInto("judgingJudges")
      .values({ judgingId: "jdg1", userId: pair().judgeId, position: 0 })
      .execute();
    await refused(
      t.db
        .insertInto("judgingJudges")
        .values({ judgingId: "jdg1", userId: pair().judgeId, position: 1 })
        .execute(),
    );
    await t.db.insertInto("judgingAssignments").values(pair()).execute();
    await refused(t.db.insertInto("judgingAssignments").values(pair()).execute());
    await t.db
      .insertInto("judgingConflicts")
      .values({ ...pair(1), declaredAt: NOW })
      .execute();
    await refused(
      t.db
        .insertInto("judgingConflicts")
        .values({ ...pair(1), declaredAt: NOW })
        .execute(),
    );
    const score = { ...pair(), scores: "[5]", createdAt: NOW, updatedAt: NOW };
    await t.db.insertInto("judgingScores").values(score).execute();
    await refused(t.db.insertInto("judgingScores").values(score).execute());
    // Another judge, or another submission, is another row.
    await t.db
      .insertInto("judgingScores")
      .values({ ...score, ...pair(1) })
      .execute();
    await t.db
      .insertInto("judgingScores")
      .values({ ...score, ...pair(0, 1) })
      .execute();
  });

  it("a submission's assignments and scores go with it; everything goes with the event", async () => {
    await t.db
      .insertInto("judgingAssignments")
      .values([pair(), pair(0, 1)])
      .execute();
    await t.db
      .insertInto("judgingScores")
      .values({ ...pair(), scores: "[5]", createdAt: NOW, updatedAt: NOW })
      .execute();
    await t.db.deleteFrom("submissions").where("id", "=", pair().submissionId).execute();
    expect(await t.db.selectFrom("judgingAssignments").select("submissionId").execute()).toEqual([
      { submissionId: pair(0, 1).submissionId },
    ]);
    expect(await t.db.selectFrom("judgingScores").selectAll().execute()).toEqual([]);
    // An event without registrations (the only kind that can be deleted) takes its judging along.
    const other = await insertEvent(t.deps, e.owner.user.id);
    await t.db
      .insertInto("judgings")
      .values({
        id: "jdg2",
        eventId: other.id,
        roundId: "r",
        criteria: "[]",
        judgesPerSubmission: 1,
        createdAt: NOW,
        updatedAt: NOW,
      })
      .execute();
    await t.db
      .insertInto("judgingJudges")
      .values({ judgingId: "jdg2", userId: e.owner.user.id, position: 0 })
      .execute();
    await t.db.deleteFrom("events").where("id", "=", other.id).execute();
    expect(await t.db.selectFrom("judgings").select("id").execute()).toEqual([{ id: "jdg1" }]);
    expect(await t.db.selectFrom("judgingJudges").selectAll().execute()).toEqual([]);
  });
});
