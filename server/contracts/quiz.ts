/**
 * Quiz rounds (SPEC-3 §4): the builder's schema with the spec's messages to the letter, the
 * attempt, answer and result shapes. Shared by the API, the builder form (Conform) and the quiz
 * page, which reads an attempt and never a correct answer.
 */
import type { TakePartReason } from "./rounds";
import { QUIZ_MESSAGES } from "./quiz-messages";
import { z } from "./zod";
import { QUESTION_TYPES, type QuestionType, QUIZ_LIMITS } from "./quiz-messages";
export { QUESTION_TYPES, type QuestionType, QUIZ_LIMITS } from "./quiz-messages";

export { QUIZ_MESSAGES } from "./quiz-messages";

const M = QUIZ_MESSAGES;

/** A form's "1" or ["0","2"] and JSON's 1 or [0, 2] alike; anything else is left for zod to refuse. */
function toNumbers(v: unknown): unknown {
  if (v === undefined || v === null || v === "") return undefined;
  const one = (x: unknown) => (typeof x === "string" && x.trim() !== "" ? Number(x) : x);
  return Array.isArray(v) ? v.map(one) : one(v);
}

/** A checkbox, a select's "true"/"false" or JSON's boolean; absent means the default, true. */
function toBoolean(v: unknown): unknown {
  if (v === undefined || v === null || v === "") return true;
  if (v === "on" || v === "true") return true;
  if (v === "false") return false;
  return v;
}

const finite = (message: string) => z.number({ error: message }).refine(Number.isFinite, message);

export const questionSchema = z
  .object({
    _id: z.string().trim().max(40).optional(),
    text: z
      .string({ error: M.question })
      .trim()
      .min(3, M.question)
      .max(QUIZ_LIMITS.questionText, M.questionLong),
    type: z.enum(QUESTION_TYPES, { error: M.type }),
    options: z
      .array(
        z
          .string({ error: M.option })
          .trim()
          .min(1, M.option)
          .max(QUIZ_LIMITS.optionText, M.optionLong),
      )
      .max(QUIZ_LIMITS.maxOptions, M.manyOptions)
      .default([]),
    answer: z.preprocess(
      toNumbers,
      z.union([finite(M.answer), z.array(finite(M.answer)).max(QUIZ_LIMITS.maxOptions)]).optional(),
    ),
    tolerance: z.preprocess(toNumbers, finite(M.tolerance).min(0, M.tolerance).default(0)),
    marks: z.preprocess(
      toNumbers,
      finite(M.marks).min(1, M.marks).max(QUIZ_LIMITS.maxMarks, M.marks).default(1),
    ),
    negativeMarks: z.preprocess(
      toNumbers,
      finite(M.negativeMarks).min(0, M.negativeMarks).default(0),
    ),
  })
  .superRefine((q, ctx) => {
    const issue = (path: string, message: string) =>
      ctx.addIssue({ code: "custom", path: [path], message });
    if (q.negativeMarks > q.marks) issue("negativeMarks", M.negativeMarks);
    if (q.type === "number") {
      if (typeof q.answer !== "number") issue("answer", M.answer);
      return;
    }
    if (q.options.length < QUIZ_LIMITS.minOptions) issue("options", M.fewOptions);
    const valid = (i: number) => Number.isInteger(i) && i >= 0 && i < q.options.length;
    if (q.type === "single") {
      const one = Array.isArray(q.answer) && q.answer.length === 1 ? q.answer[0] : q.answer;
      if (typeof one !== "number" || !valid(one)) issue("answer", M.answer);
      return;
    }
    const list = Array.isArray(q.answer)
      ? q.answer
      : typeof q.answer === "number"
        ? [q.answer]
        : [];
    if (!list.length || !list.every(valid) || new Set(list).size !== list.length)
      issue("answer", M.answer);
  });

/** POST /event/{n}/rounds/{i}/quiz: the builder's whole quiz. */
export const quizSetupSchema = z.object({
  timeLimitMinutes: z.preprocess(
    toNumbers,
    z
      .number({ error: M.timeLimit })
      .int(M.timeLimit)
      .min(QUIZ_LIMITS.minMinutes, M.timeLimit)
      .max(QUIZ_LIMITS.maxMinutes, M.timeLimit),
  ),
  shuffle: z.preprocess(toBoolean, z.boolean()),
  questions: z
    .array(questionSchema, { error: M.noQuestions })
    .min(1, M.noQuestions)
    .max(QUIZ_LIMITS.maxQuestions, M.tooManyQuestions),
});
export type QuizSetupInput = z.input<typeof quizSetupSchema>;

/** A question as kept and as the organiser reads it: with its answer, in normal form. */
export interface QuizQuestion {
  _id: string;
  text: string;
  type: QuestionType;
  options: string[];
  /** An option index (single), a list of them (multiple) or a number (number). */
  answer: number | number[];
  tolerance: number;
  marks: number;
  negativeMarks: number;
}

/** The quiz with answers: GET and POST /event/{n}/rounds/{i}/quiz, owner and admins only. */
export interface QuizData {
  timeLimitMinutes: number;
  shuffle: boolean;
  questions: QuizQuestion[];
  updatedAt: string;
}

/** An answer as a participant gives it: an option `_id`, a list of them, or a number. */
export type QuizAnswer = string | string[] | number;

const answerValue = z.union([
  z.string().max(40),
  z.array(z.string().max(40)).max(QUIZ_LIMITS.maxOptions),
  z.number().refine(Number.isFinite),
]);

export const quizAnswerSchema = z.object({
  questionId: z.string({ error: M.unknownQuestion }).min(1, M.unknownQuestion).max(40),
  answer: answerValue,
});

export const quizSubmitSchema = z.object({
  answers: z.record(z.string().max(40), answerValue).optional(),
});

/** A question as a participant sees it: no answer, no tolerance. */
export interface AttemptQuestion {
  _id: string;
  text: string;
  type: QuestionType;
  options: { _id: string; text: string }[];
  marks: number;
  /** What a wrong answer costs (0: nothing), shown beside the question. */
  negativeMarks: number;
}

/** What a participant is told before the clock starts: how long, how many, whether wrong costs. */
export interface QuizBrief {
  timeLimitMinutes: number;
  questions: number;
  maxScore: number;
  /** True when some question takes marks off for a wrong answer. */
  negativeMarks: boolean;
}

export interface QuizAttempt {
  attemptId: string;
  startedAt: string;
  deadline: string;
  questions: AttemptQuestion[];
  /** From question `_id` to the answer saved (the caller's registration's). */
  answers: Record<string, QuizAnswer>;
  submittedAt: string | null;
}

/** Where the caller stands in a quiz round: the event page's 'Start quiz' / 'Resume quiz' / 'Submitted'. */
export interface QuizStatus {
  /** Null when the caller may take part now, else the reason (SPEC-3 §2). */
  reason: TakePartReason | null;
  /** The refusal's words for `reason` (SPEC-3 §2), as the start call would answer it. */
  message: string | null;
  state: "none" | "started" | "submitted";
  deadline: string | null;
  /** A teammate's first name when they hold the team's attempt. */
  startedBy: string | null;
  /** The quiz's length and rules, once it is set up (null before). */
  brief: QuizBrief | null;
}

/** A question in the result, after the round's end: the correct answer beside the person's own. */
export interface ResultQuestion extends AttemptQuestion {
  correct: QuizAnswer;
  tolerance: number;
  given: QuizAnswer | null;
  score: number;
}

export interface QuizResult {
  score: number;
  maxScore: number;
  rank: number;
  of: number;
  questions: ResultQuestion[];
}

export interface QuizLeaderboardRow {
  registrationId: string;
  name: string;
  score: number;
  timeTakenSeconds: number;
  submittedAt: string | null;
}
