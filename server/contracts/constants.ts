/** Fixed lists of SPEC §3 and §9, shared by the backend and the forms. */
export const EVENT_TYPES = [
  "Hackathon & Coding Challenges",
  "Webinars & Workshops",
  "Fest",
  "Quizzes",
  "Cultural Event",
  "Scholarships",
  "Competitions & Challenges",
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

/** Search offers six of them (no Scholarships) plus All. */
export const SEARCH_EVENT_TYPES = [
  "Hackathon & Coding Challenges",
  "Webinars & Workshops",
  "Cultural Event",
  "Fest",
  "Quizzes",
  "Competitions & Challenges",
] as const satisfies readonly EventType[];

export const MODES = ["Online", "Offline"] as const;

export const COURSES = [
  "1-Year MBA",
  "2-Year MBA",
  "BBA (Graduation)",
  "B.Tech",
  "M.Tech",
  "Integrated/Dual Degree",
  "Others",
] as const;

export const GENDERS = ["male", "female"] as const;

export const PRIZE_RANK_LABELS: Record<number, string> = {
  1: "Winner",
  2: "First Runner Up",
  3: "Second Runner Up",
  4: "Third Runner Up",
  5: "Fourth Runner Up",
  6: "Fifth Runner Up",
  7: "Sixth Runner Up",
};

export const MAX_UPLOAD_BYTES = 10_485_760;
export const FILE_TOO_LARGE = "File size should not exceed 10MB";
/** A kept file (pending upload) named by a form that is not the user's, not of the field, or expired. */
export const PENDING_GONE = "The kept file is no longer available. Please choose the file again.";
/**
 * A page form whose file was over the limit still reaches its action, without that file: this
 * field names each file field that was dropped (server.ts, server/http/page-forms.ts).
 */
export const TOO_LARGE_FIELD = "_tooLarge";

/**
 * Event numbers are 5 digits (SPEC §2), taken from the clock. There are only 90,000 of those,
 * and numbers are never reused, so once they run out the backend hands out longer ones.
 */
export const EVENT_NUMBER_PATTERN = /^\d{5,9}$/;
