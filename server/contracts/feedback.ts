import { z } from "./zod";

export const FEEDBACK_MESSAGE_REQUIRED = "Message is required";
export const FEEDBACK_MESSAGE_MAX = 2000;

/**
 * The native feedback form (used when no external form is configured). The form sends text, the
 * API may get a number: rating accepts both, and an empty one means no rating.
 */
export const feedbackSchema = z.object({
  message: z
    .string({ error: FEEDBACK_MESSAGE_REQUIRED })
    .trim()
    .min(1, FEEDBACK_MESSAGE_REQUIRED)
    .max(FEEDBACK_MESSAGE_MAX, `Please keep it under ${FEEDBACK_MESSAGE_MAX} characters`),
  rating: z.preprocess(
    (v) => (v === "" || v === null ? undefined : v),
    z.coerce
      .number({ error: "Rating must be from 1 to 5" })
      .int("Rating must be from 1 to 5")
      .min(1, "Rating must be from 1 to 5")
      .max(5, "Rating must be from 1 to 5")
      .optional(),
  ),
});
export type FeedbackInput = z.infer<typeof feedbackSchema>;
