/**
 * Judging (SPEC-3 §3): the set-up and score bodies with their messages to the letter, and the
 * answers the API gives, shared by the API and the judging forms.
 */
import { MIN_3 } from "./event-fields";
import type { Submission } from "./submissions";
import { z } from "./zod";
import {
  JUDGING_MESSAGES,
  MAX_CRITERIA,
  MAX_JUDGES_PER_SUBMISSION,
  MAX_COMMENT,
  type JudgingState,
} from "./judging-messages";
export {
  JUDGING_MESSAGES,
  MAX_CRITERIA,
  MAX_JUDGES_PER_SUBMISSION,
  MAX_COMMENT,
  JUDGING_STATES,
  type JudgingState,
} from "./judging-messages";

const M = JUDGING_MESSAGES;

/** A checkbox: a JSON boolean, or a form's "on"/"true"/"false"; absent is false. */
const flag = z.union([z.boolean(), z.stringbool()]).optional().default(false);

/** A whole number that may come from a form as text. */
const whole = (message: string, min: number, max: number) =>
  z.coerce
    .number({ error: message })
    .int({ error: message, abort: true })
    .min(min, { error: message, abort: true })
    .max(max, message);

export const criterionSchema = z.object({
  name: z
    .string({ error: M.criterionName })
    .trim()
    .min(1, { error: M.criterionName, abort: true })
    .min(3, MIN_3)
    .max(40, M.criterionNameLong),
  weight: whole(M.weight, 1, 10),
});
export type Criterion = z.infer<typeof criterionSchema>;

/** The set-up form's fields (the form reads its constraints from these). */
export const judgingSetupFields = z.object({
  criteria: z
    .array(criterionSchema, { error: M.noCriteria })
    .min(1, M.noCriteria)
    .max(MAX_CRITERIA, M.tooManyCriteria),
  judges: z
    .array(z.string().trim().min(1, M.noJudges).max(100), { error: M.noJudges })
    .min(1, M.noJudges)
    .max(50),
  judgesPerSubmission: whole(M.perSubmission, 1, MAX_JUDGES_PER_SUBMISSION).optional(),
  blind: flag,
  shareFeedback: flag,
});

/**
 * POST /event/{n}/rounds/{i}/judging. `judgesPerSubmission` defaults to 2, or 1 with one judge;
 * more than the judges chosen is 'Not enough judges'. Who may judge is the service's check.
 */
export const judgingSetupSchema = judgingSetupFields
  .transform((b) => {
    const judges = [...new Set(b.judges)];
    return {
      ...b,
      judges,
      judgesPerSubmission: b.judgesPerSubmission ?? (judges.length === 1 ? 1 : 2),
    };
  })
  .superRefine((b, ctx) => {
    if (b.judgesPerSubmission > b.judges.length)
      ctx.addIssue({ code: "custom", message: M.notEnoughJudges, path: ["judgesPerSubmission"] });
  });
export type JudgingSetupInput = z.input<typeof judgingSetupSchema>;
export type JudgingSetup = z.output<typeof judgingSetupSchema>;

/** POST /event/{n}/rounds/{i}/submissions/{sid}/score: the criteria's count is the service's check. */
export const scoreSchema = z.object({
  scores: z
    .array(whole(M.score, 1, 10), { error: M.score })
    .min(1, M.score)
    .max(MAX_CRITERIA),
  comment: z.string().trim().max(MAX_COMMENT, M.comment).optional().default(""),
});
export type ScoreInput = z.output<typeof scoreSchema>;

/** What a judge sees: with `blind`, neither the team's or person's name nor who saved it. */
export type JudgeSubmission = Omit<Submission, "name" | "updatedBy"> & {
  name: string | null;
  updatedBy: { firstName: string; lastName: string } | null;
};

/** GET /event/{n}/rounds/{i}/judging/mine (`state` and `blind` besides the spec's two). */
export interface JudgeQueue {
  criteria: Criterion[];
  state: JudgingState;
  blind: boolean;
  items: { submission: JudgeSubmission; myScore: MyScore | null }[];
}

export interface JudgePerson {
  userId: string;
  firstName: string;
  lastName: string;
}

export interface JudgingProgress {
  assigned: number;
  scored: number;
  judges: (JudgePerson & { assigned: number; scored: number })[];
}

/** A submission with fewer judges than `judgesPerSubmission` (conflicts and no one free): 'Needs a judge'. */
export interface ShortOfJudges {
  submissionId: string;
  title: string;
  judges: number;
}

export interface Judging {
  roundIndex: number;
  roundId: string;
  criteria: Criterion[];
  /** User ids, in the order chosen. */
  judges: string[];
  judgesPerSubmission: number;
  blind: boolean;
  shareFeedback: boolean;
  state: JudgingState;
  openedAt: string | null;
  closedAt: string | null;
}

/** POST /event/{n}/rounds/{i}/judging/judges: a judge added to an open round (issue 45). */
export const addJudgeSchema = z.object({
  userId: z
    .string({ error: JUDGING_MESSAGES.chooseJudge })
    .trim()
    .min(1, JUDGING_MESSAGES.chooseJudge)
    .max(64, JUDGING_MESSAGES.chooseJudge),
});

/** GET /event/{n}/rounds/{i}/judging */
export interface JudgingView extends Judging {
  progress: JudgingProgress;
  needsJudge: ShortOfJudges[];
}

export interface MyScore {
  scores: number[];
  comment: string;
  /** Σ(score × weight) / Σ weight, two decimals. */
  weighted: number;
  updatedAt: string;
}

/** The answer of the score call. */
export interface Score extends MyScore {
  submissionId: string;
}

export interface LeaderboardScore {
  judge: { firstName: string; lastName: string };
  weighted: number;
  comment: string;
}

export interface LeaderboardRow<S> {
  submission: S;
  judges: number;
  mean: number | null;
  normalised: number | null;
  spread: number | null;
  scores: LeaderboardScore[];
}

/** GET /event/{n}/rounds/{i}/feedback */
export interface Feedback {
  mean: number | null;
  comments: string[];
}

/** GET /my/registrations: a round's shared feedback, once its judging closed (SPEC-3 §3). */
export interface RoundFeedback extends Feedback {
  index: number;
  title: string;
}
