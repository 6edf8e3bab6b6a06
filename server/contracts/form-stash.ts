/**
 * Issue 11: a creation step's save that arrives after the session ended keeps what was typed
 * server-side (`POST /form-stash`), and the step takes it back once its owner has logged in
 * (`POST /form-stash/take`). Text fields only; files picked at that moment are not kept.
 */
import { z } from "./zod";
import { EVENT_NUMBER_PATTERN } from "./constants";
import { STEP3_SECTIONS } from "./event-step3";
import { LIMITS, tooLong } from "./limits";

/** The forms whose text can be kept: step 1, step 2, and each step-3 panel. */
export const STASH_FORMS: readonly string[] = [
  "step1",
  "step2",
  ...STEP3_SECTIONS.map((s) => `step3-${s.id}`),
];

/** How long a kept form waits for its owner to log in again. */
export const STASH_TTL_MS = 60 * 60 * 1000;
/** More entries than any of the forms has (30 rounds of 5 fields is the most). */
export const STASH_MAX_FIELDS = 300;
/** The whole form: an About at its limit, or 30 rounds with full descriptions, fit twice over. */
export const STASH_MAX_CHARS = 2 * LIMITS.about;
export const STASH_TOO_LARGE = "This form is too large to keep";
export const NOTHING_KEPT = "Nothing was kept for this form";

const target = {
  eventNumber: z.string().regex(EVENT_NUMBER_PATTERN, "Event not found"),
  form: z.string().refine((f) => STASH_FORMS.includes(f), "Unknown form"),
};

export const stashSchema = z.object({
  ...target,
  fields: z
    .array(
      z.tuple([z.string().min(1).max(100), z.string().max(LIMITS.about, tooLong(LIMITS.about))]),
    )
    .max(STASH_MAX_FIELDS, STASH_TOO_LARGE)
    .refine(
      (fields) => fields.reduce((n, [k, v]) => n + k.length + v.length, 0) <= STASH_MAX_CHARS,
      STASH_TOO_LARGE,
    ),
});
export type StashInput = z.output<typeof stashSchema>;

export const takeStashSchema = z.object(target);
export type TakeStashInput = z.output<typeof takeStashSchema>;
