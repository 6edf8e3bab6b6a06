/**
 * Requests of the hosting flow (SPEC §5 steps 1-3, §7 /event/create), with SPEC's messages to the
 * letter. The backend validates with them; the step forms validate with the same schemas through
 * Conform. Rules that depend on the clock or on what is already stored take them as options, so
 * the server passes its clock and row and the browser passes `new Date()` and the loaded event.
 */
import { z } from "./zod";
import { LIMITS, maxText } from "./limits";
import {
  always,
  basicFields,
  contactSchema,
  imageFile,
  registrationFields,
  version,
  withLocationRules,
  withRegistrationRules,
  withWebsiteRule,
} from "./event-fields";
import { REGISTRATION_MESSAGES } from "./registration-fields";
import { withFeeRules } from "./fee-fields";

export const VERSION_CONFLICT =
  "This event was changed in another tab or window. Reload to see the latest version.";
export const NUMBER_TAKEN =
  "This event number is already taken. We moved your event to a new number.";

// ---- Step 1 ----------------------------------------------------------------------------------

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
    aboutEvent: z
      .string()
      .max(...maxText(LIMITS.about))
      .optional(),
    version,
  });
  return withLogoRule(withLocationRules(base), !!options.hasLogo).refine(
    (v) => !options.websiteMode || !!v?.eventWebsite,
    { path: ["eventWebsite"], message: REGISTRATION_MESSAGES.websiteRequired, ...always },
  );
}
export type Step1Input = z.output<ReturnType<typeof step1Schema>>;

// ---- Step 2 ----------------------------------------------------------------------------------

export function step2Schema(options: { hasWebsite?: boolean; savedMode?: string } = {}) {
  const schema = withWebsiteRule(
    withRegistrationRules(
      z.object({
        ...registrationFields,
        contactDetails: z.array(contactSchema).max(20).default([]),
        version,
      }),
    ),
    { hasWebsite: options.hasWebsite, path: "registrationMode" },
  );
  return withFeeRules(schema, { savedMode: options.savedMode });
}
export type Step2Input = z.output<ReturnType<typeof step2Schema>>;
