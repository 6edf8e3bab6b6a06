import http from "node:http";
import type { QuizAttempt, QuizQuestion } from "#server/contracts/quiz";
import type { Db } from "#server/db/connect";
import { newId, newToken, sha256 } from "#server/lib/crypto";
import { withSeededServer } from "./bench-server";
import { registerIndividuals, seedCrowd, insertPublishedEvent } from "./bench-registrations";
import { busyCores, capacityLine, closedLoop } from "./busy";
import { pct, postJson } from "./rush";

const EVENT_NUMBER = "888888888";
const ROUND_ID = "quizrushround";
const QUESTIONS = 20;
/** The students who measure the closed-loop capacity after the rush. */
const LOOP_CLIENTS = 32;

const questions: QuizQuestion[] = Array.from({ length: QUESTIONS }, (_, i) => ({
  _id: `q${i}`,
  text: `Question number ${i + 1}?`,
  type: i % 4 === 3 ? "number" : "single",
  options: i % 4 === 3 ? [] : ["A", "B", "C", "D"],
  answer: i % 4 === 3 ? 42 : i % 4,
  tolerance: 0,
  marks: 4,
  negativeMarks: 1,
}));

/** A published event whose one round is a quiz open now, and `students` registered with sessions. */
async function seedQuiz(db: Db, students: number) {
  const now = new Date();
  const iso = now.toISOString();
  const user = (id: string, i: number) => ({
    id,
    email: `quiz.${i}.${id}@example.com`,
    emailVerifiedAt: iso,
    firstName: `Quiz${i}`,
    lastName: "Taker",
    createdAt: iso,
    updatedAt: iso,
  });
  const organiser = newId();
  await db.insertInto("users").values(user(organiser, 0)).execute();
  const round = {
    _id: ROUND_ID,
    kind: "quiz",
    title: "The rush",
    description: "Twenty questions",
    startDate: new Date(now.getTime() - 60_000).toISOString(),
    endDate: new Date(now.getTime() + 3_600_000).toISOString(),
    isEliminatorRound: "false",
    requireFile: false,
    requireLink: false,
  };
  const eventId = await insertPublishedEvent(db, iso, {
    eventNumber: EVENT_NUMBER,
    madeBy: organiser,
    eventName: "Quiz Rush",
    participationType: "individual",
    startDate: new Date(now.getTime() - 86_400_000).toISOString(),
    endDate: new Date(now.getTime() + 86_400_000).toISOString(),
    rounds: JSON.stringify([round]),
    registrationCount: students,
  });
  await db
    .insertInto("quizzes")
    .values({
      eventId,
      roundId: ROUND_ID,
      timeLimitMinutes: 30,
      shuffle: 1,
      questions: JSON.stringify(questions),
      updatedAt: iso,
      updatedBy: organiser,
    })
    .execute();
  const crowd = await seedCrowd(
    db,
    students,
    () => ({ token: newToken() }),
    async (trx, batch) => {
      await trx
        .insertInto("users")
        .values(batch.map((b) => user(b.userId, b.i)))
        .execute();
      await trx
        .insertInto("sessions")
        .values(
          batch.map((b) => ({
            tokenHash: sha256(b.token),
            userId: b.userId,
            expiresAt: new Date(now.getTime() + 86_400_000).toISOString(),
            createdAt: iso,
          })),
        )
        .execute();
      await registerIndividuals(trx, eventId, batch, "IIT Madras", iso);
    },
  );
  const tokens = crowd.map((b) => b.token);
  return { eventId, tokens };
}

async function counts(connect: () => Db, eventId: number) {
  const db = connect();
  try {
    const attempts = await db
      .selectFrom("quizAttempts")
      .select((eb) => eb.fn.countAll<string | number>().as("n"))
      .where("eventId", "=", eventId)
      .executeTakeFirstOrThrow();
    const answers = await db
      .selectFrom("quizAnswers as x")
      .innerJoin("quizAttempts as a", "a.id", "x.attemptId")
      .select((eb) => eb.fn.countAll<string | number>().as("n"))
      .where("a.eventId", "=", eventId)
      .executeTakeFirstOrThrow();
    const submitted = await db
      .selectFrom("quizAttempts")
      .select((eb) => eb.fn.countAll<string | number>().as("n"))
      .where("eventId", "=", eventId)
      .where("submittedAt", "is not", null)
      .executeTakeFirstOrThrow();
    return {
      attempts: Number(attempts.n),
      answers: Number(answers.n),
      submitted: Number(submitted.n),
    };
  } finally {
    await db.destroy();
  }
}

/** The rush on one engine; answers the lines for docs/BENCHMARKS.md. */
export async function quizRun(
  engine: "sqlite" | "postgres",
  buildDir: string,
  students: number,
  pgUrl?: string,
  thinkMs: [number, number] = [1000, 5000],
  processes = 1,
): Promise<string[]> {
  const name = engine === "postgres" ? "PostgreSQL" : "SQLite";
  return withSeededServer({
    buildDir,
    tmpPrefix: "utsav-bench-quiz-",
    port: 4550 + Math.floor(Math.random() * 40),
    pgUrl,
    env: { WEB_CONCURRENCY: String(processes) },
    // A few students more than the rush's, who measure the closed-loop capacity after it.
    seed: (db) => seedQuiz(db, students + LOOP_CLIENTS),
    run: async ({ base, seeded, connect }) => {
      const quiz = `${base}/api/v1/event/${EVENT_NUMBER}/rounds/0/quiz`;
      const statuses = new Map<number, number>();
      const latencies: number[] = [];
      const byKind: Record<string, number[]> = { start: [], answer: [], submit: [] };
      const think = () =>
        new Promise((r) => setTimeout(r, thinkMs[0] + Math.random() * (thinkMs[1] - thinkMs[0])));
      let resent = 0;
      const call = async (agent: http.Agent, url: string, token: string, body: unknown) => {
        const t0 = performance.now();
        let res = await postJson(agent, new URL(url), base, token, JSON.stringify(body));
        // A kept-alive connection the server closed as the student sent (idle past its keep-alive
        // timeout during a long pause) never reached it: sent again, as the quiz page does.
        if (res.status === 0) {
          resent++;
          res = await postJson(agent, new URL(url), base, token, JSON.stringify(body));
        }
        const ms = performance.now() - t0;
        latencies.push(ms);
        byKind[url.slice(url.lastIndexOf("/") + 1)]!.push(ms);
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        return res;
      };
      const started = performance.now();
      await Promise.all(
        seeded.tokens.slice(0, students).map(async (token, i) => {
          // Every student starts within the first 10 seconds.
          await new Promise((r) => setTimeout(r, (i / students) * 10_000));
          const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
          const res = await call(agent, `${quiz}/start`, token, {});
          const attempt = res.body as unknown as QuizAttempt;
          for (const q of attempt.questions ?? []) {
            if (thinkMs[1] > 0) await think();
            const answer = q.type === "number" ? 42 : q.options[i % q.options.length]!._id;
            await call(agent, `${quiz}/answer`, token, { questionId: q._id, answer });
          }
          await call(agent, `${quiz}/submit`, token, {});
          agent.destroy();
        }),
      );
      const seconds = (performance.now() - started) / 1000;
      const kept = await counts(connect, seeded.eventId);
      latencies.sort((a, b) => a - b);

      // Closed-loop capacity (decision 037): the extra students start, then each saves an answer
      // again as soon as the last is answered, for 3 s (an answer replaces the one before).
      const loopAgents = seeded.tokens
        .slice(students)
        .map(() => new http.Agent({ keepAlive: true, maxSockets: 1 }));
      const loopQuestions = await Promise.all(
        seeded.tokens.slice(students).map(async (token, c) => {
          const res = await postJson(loopAgents[c]!, new URL(`${quiz}/start`), base, token, "{}");
          return (res.body as unknown as QuizAttempt).questions ?? [];
        }),
      );
      const loop = await closedLoop(LOOP_CLIENTS, 3, (c, i) => {
        const q = loopQuestions[c]![i % loopQuestions[c]!.length]!;
        const answer = q.type === "number" ? 42 : q.options[0]!._id;
        return postJson(
          loopAgents[c]!,
          new URL(`${quiz}/answer`),
          base,
          seeded.tokens[students + c]!,
          JSON.stringify({ questionId: q._id, answer }),
        );
      });
      for (const a of loopAgents) a.destroy();
      const p99Of = (kind: string) =>
        pct(
          byKind[kind]!.sort((a, b) => a - b),
          99,
        )!.toFixed(1);
      const pace =
        thinkMs[1] > 0
          ? `a pause of ${thinkMs[0] / 1000}–${thinkMs[1] / 1000} s before each answer`
          : "no pause (closed loop)";
      const serverErrors = [...statuses]
        .filter(([s]) => s >= 500 || s === 0)
        .reduce((n, [, c]) => n + c, 0);
      const met =
        kept.attempts === students &&
        kept.answers === students * QUESTIONS &&
        kept.submitted === students &&
        serverErrors === 0 &&
        pct(latencies, 99)! < 300;
      return [
        `Quiz rush (${name}${processes > 1 ? `, WEB_CONCURRENCY=${processes}` : ""}): ${students.toLocaleString("en")} students start one ${QUESTIONS}-question quiz within 10 s, save ${QUESTIONS} answers each with ${pace} and submit: ${latencies.length.toLocaleString("en")} requests in ${seconds.toFixed(1)} s (${Math.round(latencies.length / seconds)} requests/s)`,
        `Answers: ${[...statuses]
          .sort()
          .map(([s, c]) => `${s} × ${c.toLocaleString("en")}`)
          .join(
            ", ",
          )}${resent ? ` (${resent} sent again after a closed connection)` : ""}; in the database: ${kept.attempts.toLocaleString("en")} attempts, ${kept.answers.toLocaleString("en")} answers, ${kept.submitted.toLocaleString("en")} submitted`,
        `Capacity (${name}, quiz): ${capacityLine(latencies.length / seconds, loop.perSecond, pct(latencies, 99)!, busyCores())} (capacity from 3 s of answers by ${LOOP_CLIENTS} more students)`,
        `Latency p50 ${pct(latencies, 50)!.toFixed(1)} ms, p99 ${pct(latencies, 99)!.toFixed(1)} ms (start ${p99Of("start")}, answer ${p99Of("answer")}, submit ${p99Of("submit")}), max ${latencies.at(-1)!.toFixed(0)} ms; goal (every answer kept, no 5xx, p99 < 300 ms) ${met ? "met" : "NOT met"}`,
      ];
    },
  });
}
