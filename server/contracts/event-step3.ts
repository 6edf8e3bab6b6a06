/**
 * Step 3 of hosting (SPEC §2, §5, §7): one schema per section, and `STEP3_SECTIONS`, the one list
 * of the sections with their schemas. The API's routes and the service read it; what pages read
 * without the schemas (titles, `savedDates`, `NEW_ROUND`) is in `step3-sections.ts`, re-exported.
 */
import { z } from "./zod";
import {
  always,
  basicFields,
  contactSchema,
  dateInput,
  documentFile,
  imageFile,
  isBefore,
  isNewPast,
  MIN_3,
  registrationFields,
  requiredText,
  version,
  withLocationRules,
  withRegistrationRules,
  withWebsiteRule,
} from "./event-fields";
import { ROUND_KINDS } from "./event-shape";
import { LIMITS, maxText } from "./limits";
import { withFeeRules } from "./fee-fields";
import { ELIMINATOR_VALUES, STEP3_SECTION_INFO, type Step3SectionId } from "./step3-sections";

export {
  ELIMINATOR_VALUES,
  isStep3Section,
  NEW_ROUND,
  STEP3_SECTION_INFO,
  type Step3SectionId,
  savedDates,
  step3SectionInfo,
} from "./step3-sections";

export function bannerSchema(options: { hasBanner?: boolean } = {}) {
  return z
    .object({ eventBanner: imageFile.optional(), version })
    .refine((v) => !!options.hasBanner || !!v?.eventBanner, {
      path: ["eventBanner"],
      message: "Event Banner is Required",
      ...always,
    });
}

/** Basic Details & Registration: step 1 without the About (logo optional) plus the registration. */
export function basicDetailsSchema() {
  const schema = withWebsiteRule(
    withRegistrationRules(
      withLocationRules(
        z.object({
          ...basicFields,
          ...registrationFields,
          eventLogo: imageFile.optional(),
          version,
        }),
      ),
    ),
    { path: "eventWebsite" },
  );
  return withFeeRules(schema);
}

export function aboutSchema() {
  return z.object({
    aboutEvent: z
      .string()
      .max(...maxText(LIMITS.about))
      .default(""),
    version,
  });
}

/** `saved`: the dates saved before, which pass the past-date rule unchanged (`savedDates`). */
export function importantDateSchema(now: Date = new Date(), saved: readonly string[] = []) {
  return z.object({
    dateTitle: requiredText("Name is Required").max(...maxText(LIMITS.title)),
    date: dateInput("Please select a date").refine(
      (v) => !isNewPast(v, now, saved),
      "Please select a valid date",
    ),
  });
}

export function importantDatesSchema(now: Date = new Date(), saved: readonly string[] = []) {
  return z.object({
    importantDates: z.array(importantDateSchema(now, saved)).max(30).default([]),
    contactDetails: z.array(contactSchema).max(20).default([]),
    eventBrochureTitle: z
      .string()
      .trim()
      .max(...maxText(LIMITS.title))
      .optional(),
    eventBrochure: documentFile.optional(),
    version,
  });
}

/** A round's id as the panel sends it back: anything else is read as a new round. */
const ROUND_ID = /^[A-Za-z0-9_-]{12,64}$/;

/** `saved`: the start dates saved before, which pass the past-date rule unchanged (`savedDates`). */
export function roundSchema(now: Date = new Date(), saved: readonly string[] = []) {
  return z
    .object({
      title: requiredText("Round Title is required")
        .max(...maxText(LIMITS.title))
        .min(3, MIN_3),
      description: requiredText("This field is required")
        .max(...maxText(LIMITS.description))
        .min(3, MIN_3),
      startDate: dateInput("Start Date is Required").refine(
        (v) => !isNewPast(v, now, saved),
        "Start Date cannot be in the past",
      ),
      endDate: dateInput("End Date is Required"),
      isEliminatorRound: z.enum(ELIMINATOR_VALUES, { error: "Eliminator Round is Required" }),
      // SPEC-3 §2: the round's id (absent for a new round), its kind and a submission round's needs.
      _id: z
        .string()
        .optional()
        .transform((v) => (v && ROUND_ID.test(v) ? v : undefined)),
      kind: z.enum(ROUND_KINDS, { error: "Round type is required" }).default("offline"),
      requireFile: z.boolean().default(false),
      requireLink: z.boolean().default(false),
    })
    .refine((v) => !isBefore(v?.endDate, v?.startDate), {
      path: ["endDate"],
      message: "End Date cannot be before Start Date",
      ...always,
    });
}

export function roundsSchema(now: Date = new Date(), saved: readonly string[] = []) {
  return z.object({ rounds: z.array(roundSchema(now, saved)).max(30).default([]), version });
}

export const prizeSchema = z.object({
  rank: z
    .number({ error: "Rank is Required" })
    .int("Rank is Required")
    .min(1, "Rank is Required")
    .max(7, "Rank is Required"),
  cashAmount: z
    .number({ error: "Prize is Required" })
    .int("Prize must be in whole rupees")
    .min(0, "Prize cannot be negative")
    .max(1_000_000_000, "Prize must be at most ₹1,00,00,00,000"),
});

export function prizesSchema() {
  return (
    z
      .object({ prizes: z.array(prizeSchema).max(7).default([]), version })
      // Runs on unchecked input too (`always`): prizes may be anything here, not yet an array of prizes.
      .refine(
        (v) => {
          const prizes: unknown[] = Array.isArray(v?.prizes) ? v.prizes : [];
          return (
            new Set(prizes.map((p) => (p as { rank?: unknown } | null)?.rank)).size ===
            prizes.length
          );
        },
        {
          path: ["prizes"],
          message: "Each rank can be given once",
          ...always,
        },
      )
  );
}

/**
 * What a section's schema may depend on: the clock, whether the event already has a banner, and
 * the section's dates saved before (`savedDates`), which the past-date rules let through.
 */
export type Step3Context = { now: Date; hasBanner: boolean; saved?: readonly string[] };

const [banner, basic, rounds, about, prizes, dates] = STEP3_SECTION_INFO;

/** The step-3 sections (`STEP3_SECTION_INFO`), each with its schema. */
export const STEP3_SECTIONS = [
  { ...banner, schema: (c: Step3Context) => bannerSchema({ hasBanner: c.hasBanner }) },
  { ...basic, schema: (_: Step3Context) => basicDetailsSchema() },
  { ...rounds, schema: (c: Step3Context) => roundsSchema(c.now, c.saved) },
  { ...about, schema: (_: Step3Context) => aboutSchema() },
  { ...prizes, schema: (_: Step3Context) => prizesSchema() },
  { ...dates, schema: (c: Step3Context) => importantDatesSchema(c.now, c.saved) },
] as const;

export type Step3Section = (typeof STEP3_SECTIONS)[number];
export type Step3Endpoint = Step3Section["endpoint"];
/** What a section's schema gives once a save is valid. */
export type Step3Input<Id extends Step3SectionId> = z.output<
  ReturnType<Extract<Step3Section, { id: Id }>["schema"]>
>;

/** The section saved by `POST /event/create/{n}/step3/{endpoint}`, if there is one. */
export function step3SectionByEndpoint(endpoint: string): Step3Section | undefined {
  return STEP3_SECTIONS.find((s) => s.endpoint === endpoint);
}

export function step3Section(id: Step3SectionId): Step3Section {
  return STEP3_SECTIONS.find((s) => s.id === id)!;
}
