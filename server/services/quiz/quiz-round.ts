/**
 * The quiz round a call names and its quiz (SPEC-3 §4): 404 for an unknown round, 409 'This round
 * is not a quiz' for another kind, and the stored quiz read back in normal form.
 */
import type { Round } from "#server/contracts/event-shape";
import type { QuizData, QuizQuestion } from "#server/contracts/quiz";
import type { Db } from "#server/db/connect";
import type { EventRow } from "#server/db/schema";
import { roundOfKind } from "#server/services/rounds/participation";

/** Round `{i}` of the event, which must be a quiz round. */
export function quizRoundAt(event: EventRow, indexParam: string): { index: number; round: Round } {
  return roundOfKind(event, indexParam, "quiz");
}

/** The round's quiz as kept, or null before the organiser saves one. */
export async function loadQuiz(db: Db, eventId: number, roundId: string): Promise<QuizData | null> {
  const row = await db
    .selectFrom("quizzes")
    .select(["timeLimitMinutes", "shuffle", "questions", "updatedAt"])
    .where("eventId", "=", eventId)
    .where("roundId", "=", roundId)
    .executeTakeFirst();
  return row ? quizData(row) : null;
}

/** A stored quizzes row in normal form. */
export function quizData(row: {
  timeLimitMinutes: number;
  shuffle: number;
  questions: string | null;
  updatedAt: string;
}): QuizData {
  return {
    timeLimitMinutes: row.timeLimitMinutes,
    shuffle: row.shuffle === 1,
    questions: JSON.parse(row.questions ?? "[]") as QuizQuestion[],
    updatedAt: row.updatedAt,
  };
}
