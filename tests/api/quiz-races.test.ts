import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { QUIZ_MESSAGES } from "#server/contracts/quiz";
import { runOneJob } from "#server/jobs/jobs";
import {
  QUIZ_FINISH_JOB,
  finishAttempt,
  quizFinishJobHandler,
} from "#server/services/quiz/results";
import { createTestApi, engines, type TestApi } from "#tests/helpers/api";
import { MINUTE, quizEvent, registered, start, team } from "#tests/helpers/quiz";
import { as } from "#tests/helpers/registration";

const iso = (ms: number) => new Date(ms).toISOString();
const NOW = "2026-11-21T06:30:00.000Z";

/**
 * SPEC-3 §4 under parallel requests, held by the database on both engines (on PostgreSQL the
 * requests run at once over the pool): one attempt per team, and the finishing of an attempt
 * nobody submitted exactly once however many workers run.
 */
describe.each(engines)("quiz races on %s", (engine) => {
  let t: TestApi;
  beforeAll(async () => {
    t = await createTestApi(engine, { now: NOW });
  });
  beforeEach(() => t.clock.set(NOW));
  afterAll(() => t.close());

  const attemptsOf = (eventId: number) =>
    t.db.selectFrom("quizAttempts").selectAll().where("eventId", "=", eventId).execute();

  it("three members of a team press 'Start quiz' at once: one attempt; the others are told who holds it", async () => {
    const w = await quizEvent(t, { team: true });
    const members = await team(t, w, 3, "Night Owls");
    t.clock.set(iso(w.roundStart + MINUTE));
    const res = await Promise.all(members.map((m) => as(t, m.cookie).post(`${w.path}/start`)));
    const won = res.findIndex((r) => r.status === 200);
    expect(res.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    const holder = members[won].user.firstName;
    for (const r of res.filter((x) => x.status === 409))
      expect((await r.json()).message).toBe(`Your team's quiz was started by ${holder}`);
    const rows = await attemptsOf(w.eventId);
    expect(rows).toHaveLength(1);
    expect(rows[0].userId).toBe(members[won].user.id);
    const jobs = await t.db
      .selectFrom("jobs")
      .select("key")
      .where("kind", "=", QUIZ_FINISH_JOB)
      .where("key", "=", `quiz-finish:${rows[0].id}`)
      .execute();
    expect(jobs).toHaveLength(1);
  });

  it("one person starting in five tabs at once gets the same attempt five times", async () => {
    const w = await quizEvent(t);
    const [s] = await registered(t, w, 1);
    t.clock.set(iso(w.roundStart + MINUTE));
    const res = await Promise.all(
      Array.from({ length: 5 }, () => as(t, s.cookie).post(`${w.path}/start`)),
    );
    expect(res.map((r) => r.status)).toEqual(Array(5).fill(200));
    const bodies = await Promise.all(res.map((r) => r.json()));
    for (const b of bodies) expect(b).toEqual(bodies[0]);
    expect(await attemptsOf(w.eventId)).toHaveLength(1);
  });

  it("twenty answers to one question at once keep one row; answers racing a submit never land after it", async () => {
    const w = await quizEvent(t);
    const [s] = await registered(t, w, 1);
    t.clock.set(iso(w.roundStart + MINUTE));
    const attempt = await start(t, w, s);
    const res = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        as(t, s.cookie).post(`${w.path}/answer`, { questionId: "qn", answer: i }),
      ),
    );
    expect(res.map((r) => r.status)).toEqual(Array(20).fill(200));
    const race = await Promise.all([
      ...Array.from({ length: 10 }, (_, i) =>
        as(t, s.cookie).post(`${w.path}/answer`, { questionId: "qz", answer: 100 + i }),
      ),
      as(t, s.cookie).post(`${w.path}/submit`),
    ]);
    const submitted = race.at(-1)!;
    expect(submitted.status).toBe(200);
    for (const r of race.slice(0, -1)) expect([200, 409]).toContain(r.status);
    const rows = await t.db
      .selectFrom("quizAnswers")
      .selectAll()
      .where("attemptId", "=", attempt.attemptId)
      .execute();
    expect(rows.filter((r) => r.questionId === "qn")).toHaveLength(1);
    // Every answer kept was saved no later than the submit.
    const { submittedAt } = await submitted.json();
    for (const r of rows) expect(r.savedAt <= submittedAt).toBe(true);
  });

  it("an answer sent while a submit holds the attempt waits for it, then is refused and writes nothing", async () => {
    const w = await quizEvent(t);
    const [s] = await registered(t, w, 1);
    t.clock.set(iso(w.roundStart + MINUTE));
    const attempt = await start(t, w, s);
    let answer: Promise<Response> | undefined;
    // A submit's update, held open: on PostgreSQL the answer's guarded insert reads the attempt
    // in share mode and so waits for this row; without that lock it would read the attempt as
    // still open and write after the submit.
    await t.db.transaction().execute(async (trx) => {
      await trx
        .updateTable("quizAttempts")
        .set({ submittedAt: t.clock.now().toISOString(), finishedAt: t.clock.now().toISOString() })
        .where("id", "=", attempt.attemptId)
        .execute();
      answer = as(t, s.cookie).post(`${w.path}/answer`, { questionId: "qz", answer: 1 });
      await new Promise((r) => setTimeout(r, 300));
    });
    const res = await answer!;
    expect(res.status).toBe(409);
    expect((await res.json()).message).toBe(QUIZ_MESSAGES.submitted);
    const rows = await t.db
      .selectFrom("quizAnswers")
      .selectAll()
      .where("attemptId", "=", attempt.attemptId)
      .execute();
    expect(rows).toEqual([]);
  });

  it("an attempt nobody submits is finished by its job exactly once, with two workers at once and a fixed clock", async () => {
    const w = await quizEvent(t, { quiz: { timeLimitMinutes: 10 } });
    const [s] = await registered(t, w, 1);
    t.clock.set(iso(w.roundStart));
    const attempt = await start(t, w, s);
    await as(t, s.cookie).post(`${w.path}/answer`, { questionId: "qn", answer: 6.02 });
    // Not due yet: nothing runs before the deadline's grace has passed.
    let calls = 0;
    const handler = quizFinishJobHandler(t.deps);
    const handlers = {
      [QUIZ_FINISH_JOB]: async (job: Parameters<typeof handler>[0]) => {
        calls++;
        await handler(job);
      },
    };
    t.clock.set(iso(Date.parse(attempt.deadline) + 30_000));
    expect(await runOneJob(t.db, t.clock, handlers)).toBe(false);
    t.clock.set(iso(Date.parse(attempt.deadline) + 31_000));
    const ran = await Promise.all([
      runOneJob(t.db, t.clock, handlers),
      runOneJob(t.db, t.clock, handlers),
    ]);
    expect(ran.sort()).toEqual([false, true]);
    expect(calls).toBe(1);
    const [row] = await attemptsOf(w.eventId);
    expect(row).toMatchObject({
      submittedAt: null,
      finishedAt: iso(Date.parse(attempt.deadline) + 31_000),
    });
    const job = await t.db
      .selectFrom("jobs")
      .selectAll()
      .where("key", "=", `quiz-finish:${attempt.attemptId}`)
      .executeTakeFirstOrThrow();
    expect(job.doneAt).not.toBeNull();
    // The finishing itself is guarded too: two runs of it at once (a lock outlived) finish once.
    const again = await Promise.all([
      finishAttempt(t.deps, attempt.attemptId),
      finishAttempt(t.deps, attempt.attemptId),
    ]);
    expect(again).toEqual([false, false]);
    // Finished without a browser: its answers kept, time taken = deadline − startedAt, submittedAt null.
    t.clock.set(iso(w.roundEnd));
    const [lead] = await (await as(t, w.org.cookie).get(`${w.path}/leaderboard`)).json();
    expect(lead).toMatchObject({ score: 3, timeTakenSeconds: 600, submittedAt: null });
    const late = await as(t, s.cookie).post(`${w.path}/submit`);
    expect(late.status).toBe(409);
  });

  it("two finishing runs of a fresh attempt at once: exactly one finishes it", async () => {
    const w = await quizEvent(t);
    const [s] = await registered(t, w, 1);
    t.clock.set(iso(w.roundStart));
    const attempt = await start(t, w, s);
    t.clock.set(iso(w.roundEnd + MINUTE));
    const runs = await Promise.all([
      finishAttempt(t.deps, attempt.attemptId),
      finishAttempt(t.deps, attempt.attemptId),
    ]);
    expect(runs.sort()).toEqual([false, true]);
  });
});
