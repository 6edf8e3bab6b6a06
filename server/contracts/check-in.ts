/**
 * Tickets and check-in (SPEC-3 §5): the request schemas, and (re-exported) the messages, answers
 * and the ticket code's format of check-in-codes.ts.
 */
import { CHECK_IN_MESSAGES, MAX_SYNC_SCANS, normalShortCode } from "./check-in-codes";
import { z } from "./zod";

export * from "./check-in-codes";

const nonce = z.string().trim().min(1).max(100);
/** Kept as typed when it is not a short code (then it is refused as 'Invalid ticket'). */
const shortCode = z
  .string()
  .trim()
  .max(100)
  .transform((s) => normalShortCode(s) ?? s);

/** POST /event/{n}/check-in: one of `code`, `shortCode` or `memberId`, and a nonce. */
export const checkInSchema = z
  .object({
    code: z.string().trim().max(1000).optional(),
    shortCode: shortCode.optional(),
    memberId: z.string().trim().max(100).optional(),
    nonce,
  })
  .refine((b) => Boolean(b.code || b.shortCode || b.memberId), {
    message: CHECK_IN_MESSAGES.invalid,
    path: ["code"],
  });
export type CheckInInput = z.output<typeof checkInSchema>;

export const undoCheckInSchema = z.object({ memberId: z.string().trim().min(1).max(100) });

export const syncSchema = z.object({
  scans: z
    .array(
      z
        .object({
          code: z.string().max(1000).optional(),
          shortCode: shortCode.optional(),
          memberId: z.string().trim().max(100).optional(),
          scannedAt: z.iso.datetime({ offset: true }),
          nonce,
        })
        .refine((b) => Boolean(b.code || b.shortCode || b.memberId), {
          message: CHECK_IN_MESSAGES.invalid,
          path: ["code"],
        }),
    )
    .max(MAX_SYNC_SCANS, { message: CHECK_IN_MESSAGES.tooManyScans }),
});
