/**
 * Requests of the hosting flow (SPEC §5 steps 1-3, §7 /event/create), with SPEC's messages to the
 * letter. The backend validates with them; the step forms validate with the same schemas through
 * Conform. Rules that depend on the clock or on what is already stored take them as options, so
 * the server passes its clock and row and the browser passes `new Date()` and the loaded event.
 */
import { z } from "zod";
import { EVENT_TYPES, FILE_TOO_LARGE, MAX_UPLOAD_BYTES, MODES } from "./constants";
import { fromISTInput } from "./dates";
import {
  capacitySchema,
  REGISTRATION_MESSAGES,
  registrationModeSchema,
} from "./registration-fields";

export const MIN_3 = "Minimum 3 characters required";
export const VERSION_CONFLICT =
  "This event was changed in another tab or window. Reload to see the latest version.";
export const NUMBER_TAKEN =
  "This event number is already taken. We moved your event to a new number.";
export const PARTICIPATION_TYPES = ["individual", "team"] as const;

/** A URL-like website: optional scheme, a dotted host, optional port and path. */
const WEBSITE =
  /^(https?:\/\/)?([a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,}(:\d{1,5})?([/?#]\S*)?$/i;

/** Refinements that must run even when other fields already failed, so every message shows at once. */
const always = { when: () => true } as const;

function requiredText(message: string) {
  return z.string({ error: message }).trim().min(1, message);
}
function optionalText() {
  return z.string().trim().min(3, MIN_3).optional();
}
/** A datetime-local value (India time) or any ISO instant. */
function dateInput(message: string) {
  return z
    .string({ error: message })
    .trim()
    .min(1, message)
    .refine((v) => v === "" || fromISTInput(v) !== null, message);
}
function isBefore(a: string | undefined, b: string | undefined): boolean {
  const x = fromISTInput(a);
  const y = fromISTInput(b);
  return !!x && !!y && Date.parse(x) < Date.parse(y);
}
function isPast(v: string | undefined, now: Date): boolean {
  const iso = fromISTInput(v);
  // Minute precision: a datetime-local value of the current minute still counts as now.
  return !!iso && Date.parse(iso) < Math.floor(now.getTime() / 60_000) * 60_000;
}

const version = z.number().int().min(1).optional();

export const imageFile = z
  .file()
  .max(MAX_UPLOAD_BYTES, FILE_TOO_LARGE)
  .mime(
    ["image/jpeg", "image/png", "image/webp", "image/gif", "image/avif"],
    "Please upload an image (JPEG, PNG, WebP, GIF or AVIF)",
  );
export const documentFile = z.file().max(MAX_UPLOAD_BYTES, FILE_TOO_LARGE);

// ---- Step 1 ----------------------------------------------------------------------------------

const basicFields = {
  eventType: z.enum(EVENT_TYPES, { error: "Event Type is required" }),
  eventName: requiredText("Event Name is required").min(3, MIN_3),
  organisationName: requiredText("Organisation Name is required").min(3, MIN_3),
  festivalName: optionalText(),
  eventWebsite: z.string().trim().regex(WEBSITE, "Invalid Website Address").optional(),
  modeOfEvent: z.enum(MODES, { error: "Mode of Event is required" }),
  countryName: z.string().trim().optional(),
  stateName: z.string().trim().optional(),
  cityName: z.string().trim().optional(),
  locationName: z.string().trim().optional(),
};

type Located = {
  modeOfEvent?: string;
  countryName?: string;
  stateName?: string;
  cityName?: string;
  locationName?: string;
};

/** Offline events need country, state and city ('Required', min 3); location is optional, min 3. */
function withLocationRules<T extends z.ZodType<Located>>(schema: T): T {
  let s = schema;
  for (const key of ["countryName", "stateName", "cityName"] as const) {
    s = s
      .refine((v) => v?.modeOfEvent !== "Offline" || !!v[key], {
        path: [key],
        message: "Required",
        ...always,
      })
      .refine((v) => v?.modeOfEvent !== "Offline" || !v[key] || v[key]!.length >= 3, {
        path: [key],
        message: MIN_3,
        ...always,
      }) as T;
  }
  return s.refine(
    (v) => v?.modeOfEvent !== "Offline" || !v.locationName || v.locationName.length >= 3,
    {
      path: ["locationName"],
      message: MIN_3,
      ...always,
    },
  ) as T;
}

/** The logo is required unless the event already has one. */
function withLogoRule<T extends z.ZodType<{ eventLogo?: File }>>(schema: T, hasLogo: boolean): T {
  return schema.refine((v) => hasLogo || !!v?.eventLogo, {
    path: ["eventLogo"],
    message: "Event Logo is required",
    ...always,
  }) as T;
}

/** `websiteMode`: the event registers on its website (step 2), so the website stays required. */
export function step1Schema(options: { hasLogo?: boolean; websiteMode?: boolean } = {}) {
  const base = z.object({
    ...basicFields,
    eventLogo: imageFile.optional(),
    aboutEvent: z.string().max(100_000, "About Event is too long").optional(),
    version,
  });
  return withLogoRule(withLocationRules(base), !!options.hasLogo).refine(
    (v) => !options.websiteMode || !!v?.eventWebsite,
    { path: ["eventWebsite"], message: REGISTRATION_MESSAGES.websiteRequired, ...always },
  );
}
export type Step1Input = z.output<ReturnType<typeof step1Schema>>;

// ---- Step 2 ----------------------------------------------------------------------------------

export const contactSchema = z.object({
  name: requiredText("Name is Required"),
  number: requiredText("Number is Required").regex(/^\d{10}$/, "Invalid Number"),
});

const registrationFields = {
  participationType: z.enum(PARTICIPATION_TYPES, { error: "Required" }),
  minTeam: z
    .number({ error: "Minimum 1 team member" })
    .int("Minimum 1 team member")
    .min(1, "Minimum 1 team member")
    .optional(),
  maxTeam: z
    .number({ error: "Minimum 2 team member" })
    .int("Minimum 2 team member")
    .min(2, "Minimum 2 team member")
    .optional(),
  startDate: dateInput("Please select a date"),
  endDate: dateInput("Please select a date"),
  registrationMode: registrationModeSchema,
  capacity: capacitySchema,
};

type Registration = {
  participationType?: string;
  minTeam?: number;
  maxTeam?: number;
  startDate?: string;
  endDate?: string;
};

/** Team events need both sizes; sizes and the registration window must make sense. */
function withRegistrationRules<T extends z.ZodType<Registration>>(schema: T): T {
  return schema
    .refine((v) => v?.participationType !== "team" || v.minTeam !== undefined, {
      path: ["minTeam"],
      message: "Minimum 1 team member",
      ...always,
    })
    .refine((v) => v?.participationType !== "team" || v.maxTeam !== undefined, {
      path: ["maxTeam"],
      message: "Minimum 2 team member",
      ...always,
    })
    .refine(
      (v) => v?.participationType !== "team" || !v.minTeam || !v.maxTeam || v.maxTeam >= v.minTeam,
      {
        path: ["maxTeam"],
        message: "Maximum team size cannot be less than minimum",
        ...always,
      },
    )
    .refine((v) => !isBefore(v?.endDate, v?.startDate), {
      path: ["endDate"],
      message: "End Date cannot be before Start Date",
      ...always,
    }) as T;
}

/**
 * Registering on the website needs a website: step 2 reads the one step 1 saved (`hasWebsite`),
 * and its message goes on registrationMode; step 3's panel has both fields, and it goes on the website.
 */
function withWebsiteRule<T extends z.ZodType<{ registrationMode?: string; eventWebsite?: string }>>(
  schema: T,
  options: { hasWebsite?: boolean; path: "registrationMode" | "eventWebsite" },
): T {
  return schema.refine(
    (v) => v?.registrationMode !== "website" || !!v.eventWebsite || !!options.hasWebsite,
    { path: [options.path], message: REGISTRATION_MESSAGES.websiteRequired, ...always },
  ) as T;
}

export function step2Schema(options: { hasWebsite?: boolean } = {}) {
  return withWebsiteRule(
    withRegistrationRules(
      z.object({
        ...registrationFields,
        contactDetails: z.array(contactSchema).max(20).default([]),
        version,
      }),
    ),
    { hasWebsite: options.hasWebsite, path: "registrationMode" },
  );
}
export type Step2Input = z.output<ReturnType<typeof step2Schema>>;

// ---- Step 3 ----------------------------------------------------------------------------------

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
  return withWebsiteRule(
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
}

export function aboutSchema() {
  return z.object({
    aboutEvent: z.string().max(100_000, "About Event is too long").default(""),
    version,
  });
}

export function importantDateSchema(now: Date = new Date()) {
  return z.object({
    dateTitle: requiredText("Name is Required"),
    date: dateInput("Please select a date").refine(
      (v) => !isPast(v, now),
      "Please select a valid date",
    ),
  });
}

export function importantDatesSchema(now: Date = new Date()) {
  return z.object({
    importantDates: z.array(importantDateSchema(now)).max(30).default([]),
    contactDetails: z.array(contactSchema).max(20).default([]),
    eventBrochureTitle: z.string().trim().max(200).optional(),
    eventBrochure: documentFile.optional(),
    version,
  });
}

export const ELIMINATOR_VALUES = ["true", "false"] as const;
export const NEW_ROUND = {
  title: "Offline Round",
  description:
    "This is an offline round held at the venue. Teams report on time and press the Enter button to start.",
  isEliminatorRound: "true",
} as const;

export function roundSchema(now: Date = new Date()) {
  return z
    .object({
      title: requiredText("Round Title is required").min(3, MIN_3),
      description: requiredText("This field is required").min(3, MIN_3).max(5000),
      startDate: dateInput("Start Date is Required").refine(
        (v) => !isPast(v, now),
        "Start Date cannot be in the past",
      ),
      endDate: dateInput("End Date is Required"),
      isEliminatorRound: z.enum(ELIMINATOR_VALUES, { error: "Eliminator Round is Required" }),
    })
    .refine((v) => !isBefore(v?.endDate, v?.startDate), {
      path: ["endDate"],
      message: "End Date cannot be before Start Date",
      ...always,
    });
}

export function roundsSchema(now: Date = new Date()) {
  return z.object({ rounds: z.array(roundSchema(now)).max(30).default([]), version });
}

export const prizeSchema = z.object({
  rank: z
    .number({ error: "Rank is Required" })
    .int("Rank is Required")
    .min(1, "Rank is Required")
    .max(7, "Rank is Required"),
  cashAmount: z
    .number({ error: "Prize is Required" })
    .int("Prize is Required")
    .min(0, "Prize is Required")
    .max(1_000_000_000),
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

/** The step-3 sections: their URL names, titles in the left panel, and panel titles (SPEC §2). */
export const STEP3_SECTIONS = [
  { id: "banner", endpoint: "eventBanner", title: "Event Banners & Theme", panel: "Event Banner" },
  {
    id: "basic",
    endpoint: "basicdetails",
    title: "Basic Details & Registrations",
    panel: "Basic Details & Registration",
  },
  { id: "rounds", endpoint: "rounds", title: "Rounds & Timeline", panel: "Rounds Details Form" },
  { id: "about", endpoint: "aboutEvent", title: "About The Event", panel: "About Event" },
  { id: "prizes", endpoint: "prizes", title: "Prizes", panel: "Prizes" },
  {
    id: "dates",
    endpoint: "importantDate",
    title: "Important Dates, Contact & Manuals",
    panel: "Important Dates with Important Contact and Brochure",
  },
] as const;
export type Step3SectionId = (typeof STEP3_SECTIONS)[number]["id"];
