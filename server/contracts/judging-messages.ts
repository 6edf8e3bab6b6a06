/**
 * SPEC-3 §3's words and limits for judging, apart from the schemas (judging.ts) so that the pages
 * showing them load no Zod (decision 037).
 */

export const JUDGING_MESSAGES = {
  noCriteria: "Add at least one criterion",
  tooManyCriteria: "At most 8 criteria",
  criterionName: "Criterion name is required",
  criterionNameLong: "Maximum 40 characters",
  weight: "Weight must be between 1 and 10",
  noJudges: "Choose at least one judge",
  notOrganiser: "Only organisers of this event can judge",
  perSubmission: "Judges per submission must be between 1 and 5",
  notEnoughJudges: "Not enough judges",
  alreadyOpened: "Judging has already opened",
  opensAfterClose: "Judging opens after the round closes",
  notSetUp: "Judging is not set up for this round",
  notOpen: "Judging has not opened",
  closed: "Judging is closed",
  score: "Score each criterion from 1 to 10",
  comment: "Maximum 1000 characters",
  notAssigned: "This submission is not assigned to you",
  notJudge: "You are not a judge of this round",
  feedbackNotShared: "Feedback is not shared for this round",
  notRegistrant: "Only registrants of this event can see feedback",
  needsJudge: "Needs a judge",
  chooseJudge: "Choose a judge",
  addOnlyOpen: "A judge can be added only while judging is open",
  alreadyJudge: "This person is already a judge of this round",
  scored: (x: number, y: number) => `Scored ${x} of ${y}`,
  saveAndNext: "Save and next",
  advanceTop: (n: number) => `Advance top ${n}`,
} as const;

export const MAX_CRITERIA = 8;
export const MAX_JUDGES_PER_SUBMISSION = 5;
export const MAX_COMMENT = 1000;
export const JUDGING_STATES = ["setup", "open", "closed"] as const;
export type JudgingState = (typeof JUDGING_STATES)[number];
