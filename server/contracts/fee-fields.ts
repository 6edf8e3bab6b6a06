/**
 * The fee fields SPEC-4 §1 adds to step 2 and step 3's "Basic Details & Registrations", with the
 * spec's messages to the letter, apart from payments.ts so the event contract can use them.
 */
import { z } from "./zod";
import { fromISTInput } from "./dates";
import { maxText } from "./limits";

export const FEE_MESSAGES = {
  feeRange: "Fee must be between 0 and 100000",
  feeWebsite: "Fees are taken only for registration on Utsav",
  earlyLower: "Early-bird fee must be lower than the fee",
  earlyEnds: "Early-bird must end before registration closes",
  earlyDate: "Please select a date",
  upiRequired: "UPI ID is required for paid events",
  upiInvalid: "Invalid UPI ID",
  payeeRequired: "Payee name is required",
  payeeLength: "Payee name must be 3 to 60 characters",
  holdRange: "Hold must be between 1 and 1440 minutes",
  gstinInvalid: "Invalid GSTIN",
} as const;
const M = FEE_MESSAGES;

export const FEE_PER = ["registration", "person"] as const;
export const UPI_ID = /^[a-zA-Z0-9._-]{2,256}@[a-zA-Z][a-zA-Z0-9]{1,63}$/;
/** 2 digits of the state, the PAN (5 letters, 4 digits, a letter), an entity digit, 'Z', a check. */
export const GSTIN = /^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;

const wholeRupees = (message: string, max: number) =>
  z.number({ error: message }).int(message).min(0, message).max(max, message);

export const feeFields = {
  fee: wholeRupees(M.feeRange, 100_000).optional(),
  feePer: z.enum(FEE_PER).optional(),
  earlyFee: wholeRupees(M.earlyLower, 100_000).optional(),
  earlyUntil: z
    .string()
    .trim()
    .max(40, M.earlyDate)
    .refine((v) => v === "" || fromISTInput(v) !== null, M.earlyDate)
    .optional(),
  upiId: z.string().trim().max(320, M.upiInvalid).regex(UPI_ID, M.upiInvalid).optional(),
  payeeName: z.string().trim().min(3, M.payeeLength).max(60, M.payeeLength).optional(),
  holdMinutes: z
    .number({ error: M.holdRange })
    .int(M.holdRange)
    .min(1, M.holdRange)
    .max(1440, M.holdRange)
    .optional(),
  refundPolicy: z
    .string()
    .trim()
    .max(...maxText(500))
    .optional(),
  gstin: z.string().trim().toUpperCase().regex(GSTIN, M.gstinInvalid).optional(),
};

export type FeeField = keyof typeof feeFields;

type Fees = {
  registrationMode?: string;
  endDate?: string;
  fee?: number;
  feePer?: string;
  earlyFee?: number;
  earlyUntil?: string;
  upiId?: string;
  payeeName?: string;
};

const always = { when: () => true } as const;

function before(a: string | undefined, b: string | undefined): boolean {
  const x = fromISTInput(a);
  const y = fromISTInput(b);
  return !!x && !!y && Date.parse(x) < Date.parse(y);
}

/**
 * The rules between fee fields. A payload without the fee block (no `feePer`: SPEC §7's step-2
 * payloads, written before fees) keeps the event's fees and is not checked here.
 */
export function withFeeRules<T extends z.ZodType<Fees>>(
  schema: T,
  options: { savedMode?: string } = {},
): T {
  const paid = (v: Fees) => !!v?.feePer && (v.fee ?? 0) > 0;
  return schema
    .refine((v) => !paid(v) || (v.registrationMode ?? options.savedMode ?? "utsav") === "utsav", {
      path: ["fee"],
      message: M.feeWebsite,
      ...always,
    })
    .refine((v) => !paid(v) || !!v.upiId, { path: ["upiId"], message: M.upiRequired, ...always })
    .refine((v) => !paid(v) || !!v.payeeName, {
      path: ["payeeName"],
      message: M.payeeRequired,
      ...always,
    })
    .refine((v) => !v?.feePer || v.earlyFee === undefined || v.earlyFee < (v.fee ?? 0), {
      path: ["earlyFee"],
      message: M.earlyLower,
      ...always,
    })
    .refine((v) => !v?.feePer || v.earlyFee === undefined || !!v.earlyUntil, {
      path: ["earlyUntil"],
      message: M.earlyDate,
      ...always,
    })
    .refine((v) => !v?.feePer || !v.earlyUntil || !v.endDate || before(v.earlyUntil, v.endDate), {
      path: ["earlyUntil"],
      message: M.earlyEnds,
      ...always,
    }) as T;
}

/** What a new registrant pays now: the early-bird fee while it lasts; null when free. */
export function currentFeeOf(
  e: { fee: number; earlyFee: number | null; earlyUntil: string | null },
  now: Date,
): number | null {
  if (!e.fee) return null;
  if (e.earlyFee !== null && e.earlyUntil && now.getTime() < Date.parse(e.earlyUntil))
    return e.earlyFee;
  return e.fee;
}
