/**
 * The order an attempt shows its questions and options in (SPEC-3 §4): with `shuffle`, drawn once
 * per attempt, from a seed derived from the attempt's id, so starting again (another device,
 * a restart of the server) gives the same order without storing it.
 */
import { createHash } from "node:crypto";
import type { AttemptQuestion, QuizQuestion } from "#server/contracts/quiz";
import { optionId } from "./scoring";

/** mulberry32: a small seeded generator, enough for an order (not for secrets). */
function generator(seed: string): () => number {
  let a = createHash("sha256").update(seed).digest().readUInt32LE(0);
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Fisher–Yates with a seeded generator: the same seed, the same order. */
export function seededShuffle<T>(items: readonly T[], seed: string): T[] {
  const out = [...items];
  const next = generator(seed);
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

/** The questions as a participant sees them in this attempt: no answer, no tolerance. */
export function attemptQuestions(
  questions: readonly QuizQuestion[],
  shuffle: boolean,
  attemptId: string,
): AttemptQuestion[] {
  const ordered = shuffle ? seededShuffle(questions, `${attemptId}:questions`) : questions;
  return ordered.map((q) => {
    const options = q.options.map((text, i) => ({ _id: optionId(i), text }));
    return {
      _id: q._id,
      text: q.text,
      type: q.type,
      options: shuffle ? seededShuffle(options, `${attemptId}:${q._id}`) : options,
      marks: q.marks,
      negativeMarks: q.negativeMarks,
    };
  });
}
