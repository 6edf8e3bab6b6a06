import type { QuizQuestion } from "#server/contracts/quiz";
import { connectDb } from "#server/db/connect";
import { newId } from "#server/lib/crypto";
import { registerPeople, seedRegistrationEvent, withEventDb } from "./registration-seed";
import { dbFile } from "./session";

const MINUTE = 60_000;

export const QUESTIONS: QuizQuestion[] = [
  {
    _id: "q-capital",
    text: "What is the capital of India?",
    type: "single",
    options: ["Mumbai", "New Delhi", "Kolkata"],
    answer: 1,
    tolerance: 0,
    marks: 4,
    negativeMarks: 1,
  },
  {
    _id: "q-primes",
    text: "Which of these are prime numbers?",
    type: "multiple",
    options: ["2", "4", "7", "9"],
    answer: [0, 2],
    tolerance: 0,
    marks: 2,
    negativeMarks: 0,
  },
  {
    _id: "q-number",
    text: "How many states does India have?",
    type: "number",
    options: [],
    answer: 28,
    tolerance: 0,
    marks: 3,
    negativeMarks: 1,
  },
];

/**
 * A published event of `organiserId` whose round 1 (index 0) is a quiz from `startIn` to `endIn`
 * minutes from now, its quiz saved (unless `quiz` is false), and people registered.
 */
export async function seedQuizEvent(
  organiserId: string,
  firstNames: string[],
  options: { startIn?: number; endIn?: number; quiz?: boolean; timeLimitMinutes?: number } = {},
) {
  const now = Date.now();
  const { startIn = -1, endIn = 60, quiz = true, timeLimitMinutes = 20 } = options;
  const rounds = [
    {
      _id: newId().slice(0, 12),
      kind: "quiz",
      title: "General Knowledge Quiz",
      description: "Twenty minutes, on your phone",
      startDate: new Date(now + startIn * MINUTE).toISOString(),
      endDate: new Date(now + endIn * MINUTE).toISOString(),
      isEliminatorRound: "true",
      requireFile: false,
      requireLink: false,
    },
  ];
  const { eventNumber, eventName } = seedRegistrationEvent({
    madeBy: organiserId,
    rounds: JSON.stringify(rounds),
  });
  return withEventDb(eventNumber, async (db, eventId) => {
    if (quiz)
      await db
        .insertInto("quizzes")
        .values({
          eventId,
          roundId: rounds[0]!._id,
          timeLimitMinutes,
          shuffle: 0,
          questions: JSON.stringify(QUESTIONS),
          updatedAt: new Date(now).toISOString(),
          updatedBy: organiserId,
        })
        .execute();
    const people = await registerPeople(db, eventId, firstNames, "Quizzer");
    return { eventNumber, eventName, eventId, roundId: rounds[0]!._id, people };
  });
}

/** A finished attempt straight in the database: started `startedAgo` minutes ago, taking `minutes`. */
export async function seedAttempt(
  seeded: Awaited<ReturnType<typeof seedQuizEvent>>,
  person: { id: string; registrationId: string },
  answers: Record<string, unknown>,
  startedAgo: number,
  minutes: number,
  options: { unsubmitted?: boolean } = {},
) {
  const db = connectDb({ sqlitePath: dbFile() });
  try {
    const start = Date.now() - startedAgo * MINUTE;
    const id = newId();
    const at = new Date(start + minutes * MINUTE).toISOString();
    const submittedAt = options.unsubmitted ? null : at;
    await db
      .insertInto("quizAttempts")
      .values({
        id,
        eventId: seeded.eventId,
        roundId: seeded.roundId,
        registrationId: person.registrationId,
        userId: person.id,
        startedAt: new Date(start).toISOString(),
        deadline: new Date(start + 20 * MINUTE).toISOString(),
        submittedAt,
        finishedAt: submittedAt,
      })
      .execute();
    for (const [questionId, answer] of Object.entries(answers))
      await db
        .insertInto("quizAnswers")
        .values({ attemptId: id, questionId, answer: JSON.stringify(answer), savedAt: at })
        .execute();
  } finally {
    await db.destroy();
  }
}
