/**
 * The building blocks of the hosting forms' schemas (SPEC §5): field rules and the refinements
 * shared by several steps. The step schemas themselves are in `event.ts` (steps 1-2) and
 * `event-step3.ts`.
 */
import { z } from "./zod";
import { REGISTRATION_MESSAGES, REGISTRATION_MODES } from "./registration-fields";
import { FILE_TOO_LARGE, MAX_UPLOAD_BYTES, MODES, EVENT_TYPES } from "./constants";
import { fromISTInput } from "./dates";
import { LIMITS, maxText } from "./limits";
import { feeFields } from "./fee-fields";

export const MIN_3 = "Minimum 3 characters required";

/** The event fields of step 2 and step 3's "Basic Details & Registrations" (SPEC-2 §1). */
export const registrationModeSchema = z.enum(REGISTRATION_MODES).optional();

export const capacitySchema = z
  .number({ error: REGISTRATION_MESSAGES.capacityMin })
  .int(REGISTRATION_MESSAGES.capacityMin)
  .min(1, REGISTRATION_MESSAGES.capacityMin)
  .max(1_000_000, "Capacity must be at most 1,000,000")
  .optional();
export const PARTICIPATION_TYPES = ["individual", "team"] as const;

/** A URL-like website: optional scheme, a dotted host, optional port and path. */
const WEBSITE =
  /^(https?:\/\/)?([a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,}(:\d{1,5})?([/?#]\S*)?$/i;

/** Refinements that must run even when other fields already failed, so every message shows at once. */
export const always = { when: () => true } as const;

export function requiredText(message: string) {
  return z.string({ error: message }).trim().min(1, message);
}
function optionalText(max: number = LIMITS.name) {
  return z
    .string()
    .trim()
    .max(...maxText(max))
    .min(3, MIN_3)
    .optional();
}
/** Optional text whose rules (min 3 when offline) are refinements: only the length here. */
function placeText(max: number = LIMITS.place) {
  return z
    .string()
    .trim()
    .max(...maxText(max))
    .optional();
}
/** A datetime-local value (India time) or any ISO instant. */
export function dateInput(message: string) {
  return z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(LIMITS.date, message)
    .refine((v) => v === "" || fromISTInput(v) !== null, message);
}
export function isBefore(a: string | undefined, b: string | undefined): boolean {
  const x = fromISTInput(a);
  const y = fromISTInput(b);
  return !!x && !!y && Date.parse(x) < Date.parse(y);
}
/** The instant's minute: a datetime-local value has no seconds, so dates compare to the minute. */
function minuteOf(v: string | null | undefined): number | null {
  const iso = fromISTInput(v ?? undefined);
  return iso ? Math.floor(Date.parse(iso) / 60_000) : null;
}
export function isPast(v: string | undefined, now: Date): boolean {
  const at = minuteOf(v);
  // Minute precision: a datetime-local value of the current minute still counts as now.
  return at !== null && at < Math.floor(now.getTime() / 60_000);
}
/**
 * SPEC.md's past-date rules hold for new or changed dates only (SPEC-3 §2): a date equal to one
 * saved before (`saved`, as stored) passes unchanged, so an event under way stays editable.
 */
export function isNewPast(v: string | undefined, now: Date, saved: readonly string[]): boolean {
  if (!isPast(v, now)) return false;
  const at = minuteOf(v);
  return !saved.some((s) => minuteOf(s) === at);
}

export const version = z.number().int().min(1).optional();

export const imageFile = z
  .file()
  .max(MAX_UPLOAD_BYTES, FILE_TOO_LARGE)
  .mime(
    ["image/jpeg", "image/png", "image/webp", "image/gif", "image/avif"],
    "Please upload an image (JPEG, PNG, WebP, GIF or AVIF)",
  );
export const documentFile = z.file().max(MAX_UPLOAD_BYTES, FILE_TOO_LARGE);

export const basicFields = {
  eventType: z.enum(EVENT_TYPES, { error: "Event Type is required" }),
  eventName: requiredText("Event Name is required")
    .max(...maxText(LIMITS.name))
    .min(3, MIN_3),
  organisationName: requiredText("Organisation Name is required")
    .max(...maxText(LIMITS.name))
    .min(3, MIN_3),
  festivalName: optionalText(),
  eventWebsite: z
    .string()
    .trim()
    .max(...maxText(LIMITS.url))
    .regex(WEBSITE, "Invalid Website Address")
    .optional(),
  modeOfEvent: z.enum(MODES, { error: "Mode of Event is required" }),
  countryName: placeText(),
  stateName: placeText(),
  cityName: placeText(),
  locationName: placeText(LIMITS.address),
};

type Located = {
  modeOfEvent?: string;
  countryName?: string;
  stateName?: string;
  cityName?: string;
  locationName?: string;
};

/** Offline events need country, state and city ('Required', min 3); location is optional, min 3. */
export function withLocationRules<T extends z.ZodType<Located>>(schema: T): T {
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

export const contactSchema = z.object({
  name: requiredText("Name is Required").max(...maxText(LIMITS.name)),
  number: requiredText("Number is Required").regex(/^\d{10}$/, "Invalid Number"),
});

export const registrationFields = {
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
  ...feeFields,
};

type Registration = {
  participationType?: string;
  minTeam?: number;
  maxTeam?: number;
  startDate?: string;
  endDate?: string;
};

/**
 * Team sizes count only for team events: for any other choice they are dropped before the
 * checks, so sizes typed under Team and hidden again by picking Individual never block a save
 * (their errors would sit on fields nobody can see).
 */
function dropTeamSizesUnlessTeam(value: unknown): unknown {
  if (!value || typeof value !== "object") return value;
  const v = value as Record<string, unknown>;
  if (v.participationType === "team") return value;
  const { minTeam: _min, maxTeam: _max, ...rest } = v;
  return rest;
}

/** Team events need both sizes; sizes and the registration window must make sense. */
export function withRegistrationRules<T extends z.ZodType<Registration>>(schema: T): T {
  return z.preprocess(dropTeamSizesUnlessTeam, checkRegistration(schema)) as unknown as T;
}

function checkRegistration<T extends z.ZodType<Registration>>(schema: T): T {
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
 * Registering on the website needs a website (SPEC-2 §1): step 2 reads the one step 1 saved
 * (`hasWebsite`) and puts the message on registrationMode; step 3's panel has both fields and puts
 * it on the website.
 */
export function withWebsiteRule<
  T extends z.ZodType<{ registrationMode?: string; eventWebsite?: string }>,
>(schema: T, options: { hasWebsite?: boolean; path: "registrationMode" | "eventWebsite" }): T {
  return schema.refine(
    (v) => v?.registrationMode !== "website" || !!v.eventWebsite || !!options.hasWebsite,
    { path: [options.path], message: REGISTRATION_MESSAGES.websiteRequired, ...always },
  ) as T;
}
