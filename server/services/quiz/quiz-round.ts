/**
 * The quiz round a call names and its quiz (SPEC-3 §4): 404 for an unknown round, 409 'This round
 * is not a quiz' for another kind, and the stored quiz read back in normal form.
 */
import type { Round } from "#server/contracts/event-shape";
import { ROUND_NOT_FOUND } from "#server/contracts/organiser";
import { QUIZ_MESSAGES, type QuizData, type QuizQuestion } from "#server/contracts/quiz";
import type { Db } from "#server/db/connect";
import type { EventRow } from "#server/db/schema";
import { conflict, notFound } from "#server/lib/errors";
import { roundsOf } from "#server/services/organiser/results";

export type QuizRound = Round & { _id: string; kind?: string };

/** Round `{i}` of the event, which must be a quiz round. */
export function quizRoundAt(
  event: EventRow,
  indexParam: string,
): { index: number; round: QuizRound } {
  const index = /^\d{1,3}$/.test(indexParam) ? Number(indexParam) : -1;
  const round = roundsOf(event)[index] as QuizRound | undefined;
  if (!round) throw notFound(ROUND_NOT_FOUND);
  if (round.kind !== "quiz") throw conflict(QUIZ_MESSAGES.notAQuiz);
  return { index, round };
}

/** The round's quiz as kept, or null before the organiser saves one. */
export async function loadQuiz(db: Db, eventId: number, roundId: string): Promise<QuizData | null> {
  const row = await db
    .selectFrom("quizzes")
    .select(["timeLimitMinutes", "shuffle", "questions", "updatedAt"])
    .where("eventId", "=", eventId)
    .where("roundId", "=", roundId)
    .executeTakeFirst();
  if (!row) return null;
  return {
    timeLimitMinutes: row.timeLimitMinutes,
    shuffle: row.shuffle === 1,
    questions: JSON.parse(row.questions ?? "[]") as QuizQuestion[],
    updatedAt: row.updatedAt,
  };
}
