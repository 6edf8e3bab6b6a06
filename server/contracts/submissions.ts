/** SPEC-3 §2: a submission's fields with their messages, to the letter, and its shape. */
import { FILE_TOO_LARGE, MAX_UPLOAD_BYTES } from "./constants";
import { always } from "./event-fields";
import type { TakePartReason } from "./rounds";
import { z } from "./zod";
import { MAX_LINKS } from "./submission-limits";
export { MAX_LINKS } from "./submission-limits";

export const SUBMISSION_MESSAGES = {
  titleRequired: "Title is required",
  min3: "Minimum 3 characters required",
  max100: "Maximum 100 characters",
  descriptionRequired: "Description is required",
  min10: "Minimum 10 characters required",
  max5000: "Maximum 5000 characters",
  invalidLink: "Invalid link",
  tooManyLinks: "At most 3 links",
  linkRequired: "A link is required",
  fileType: "Only PDF, PPTX or ZIP files",
  fileTooLarge: FILE_TOO_LARGE,
  fileRequired: "A file is required",
} as const;
const M = SUBMISSION_MESSAGES;

function isHttpUrl(v: string): boolean {
  try {
    const url = new URL(v);
    return (url.protocol === "http:" || url.protocol === "https:") && !!url.hostname;
  } catch {
    return false;
  }
}

/** `links` as JSON sends it (a list) or a form does (a field per link: one value is a string). */
const links = z.preprocess(
  (v) =>
    (v === undefined || v === null ? [] : Array.isArray(v) ? v : [v])
      .map((x) => (typeof x === "string" ? x.trim() : x))
      .filter((x) => x !== "" && x !== undefined && x !== null),
  z
    .array(z.string({ error: M.invalidLink }), { error: M.invalidLink })
    .max(MAX_LINKS, M.tooManyLinks)
    .refine((list) => list.every(isHttpUrl), M.invalidLink),
);

/** A checkbox ("on"), a form's "true" or JSON's true. */
const flag = z.preprocess((v) => v === true || v === "true" || v === "on", z.boolean());

/**
 * What a save sends. `requireLink` / `requireFile` come from the round; `hasFile` says a file is
 * already kept (saved before, or a pending upload), which a save without a new file keeps unless
 * `removeFile`. The file's type is judged by its bytes on the server (`Only PDF, PPTX or ZIP files`).
 */
export function submissionSchema(
  options: { requireLink?: boolean; requireFile?: boolean; hasFile?: boolean } = {},
) {
  return (
    z
      .object({
        title: z
          .string({ error: M.titleRequired })
          .trim()
          .min(1, M.titleRequired)
          .min(3, M.min3)
          .max(100, M.max100),
        description: z
          .string({ error: M.descriptionRequired })
          .trim()
          .min(1, M.descriptionRequired)
          .min(10, M.min10)
          .max(5000, M.max5000),
        links,
        file: z.file().max(MAX_UPLOAD_BYTES, M.fileTooLarge).optional(),
        removeFile: flag.optional(),
      })
      // Run even when another field failed (`always`), so every message shows at once.
      .refine((v) => !options.requireLink || (Array.isArray(v?.links) && v.links.length > 0), {
        path: ["links"],
        message: M.linkRequired,
        ...always,
      })
      .refine((v) => !options.requireFile || !!v?.file || (!!options.hasFile && !v?.removeFile), {
        path: ["file"],
        message: M.fileRequired,
        ...always,
      })
  );
}
export type SubmissionInput = z.output<ReturnType<typeof submissionSchema>>;

export interface SubmissionFile {
  name: string;
  size: number;
  url: string;
}

export interface Submission {
  _id: string;
  registrationId: string;
  /** The team's name, or the person's full name. */
  name: string;
  title: string;
  description: string;
  links: string[];
  file: SubmissionFile | null;
  /** How many saves made it. */
  version: number;
  submittedAt: string;
  updatedAt: string;
  updatedBy: { firstName: string; lastName: string };
}

/** GET /event/{n}/rounds/{i}/submission. */
export interface MySubmission {
  open: boolean;
  reason: TakePartReason | null;
  /** The refusal's words for `reason` (SPEC-3 §2), as a save would answer it: 'Your team needs 2 more to take part'. */
  message: string | null;
  submission: Submission | null;
}

/** GET /my/registrations: each of the event's submission rounds open now, and whether it has one. */
export interface OpenSubmissionRound {
  index: number;
  title: string;
  submitted: boolean;
}
