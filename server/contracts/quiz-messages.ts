/**
 * SPEC-3 §4's words for quiz rounds, apart from the schemas so that a page showing a round (the
 * event page) does not bring zod into the browser.
 */
export const QUIZ_MESSAGES = {
  locked: "The quiz cannot be changed after the round starts",
  timeLimit: "Time limit must be between 1 and 180 minutes",
  noQuestions: "Add at least one question",
  tooManyQuestions: "At most 100 questions",
  question: "Question is required",
  fewOptions: "At least 2 options",
  manyOptions: "At most 6 options",
  answer: "Answer is required",
  option: "Option is required",
  optionLong: "Maximum 200 characters",
  questionLong: "Maximum 1000 characters",
  tolerance: "Tolerance cannot be negative",
  marks: "Marks must be between 1 and 100",
  negativeMarks: "Negative marks must be between 0 and the marks",
  type: "Question type is required",
  startedBy: (firstName: string) => `Your team's quiz was started by ${firstName}`,
  unknownQuestion: "Unknown question",
  timeUp: "Time is up",
  submitted: "This quiz is already submitted",
  resultsLater: "Results are shown when the round closes",
  noQuiz: "This quiz is not set up yet",
  submitBy: (time: string) => `Submit by ${time}`,
  advanceTop: (n: number) => `Advance top ${n}`,
} as const;

export const QUESTION_TYPES = ["single", "multiple", "number"] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];

export const QUIZ_LIMITS = {
  minMinutes: 1,
  maxMinutes: 180,
  maxQuestions: 100,
  minOptions: 2,
  maxOptions: 6,
  questionText: 1000,
  optionText: 200,
  maxMarks: 100,
  /** Answers and submits this long after the deadline still count (the network's grace). */
  graceMs: 30_000,
} as const;
