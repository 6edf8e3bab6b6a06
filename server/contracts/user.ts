import { z } from "./zod";
import { safeRedirect } from "./safe-redirect";
import { COURSES, FILE_TOO_LARGE, GENDERS, MAX_UPLOAD_BYTES } from "./constants";

/**
 * Request schemas of the /user calls (SPEC §5), shared by the backend (parseBody) and the forms
 * (Conform). Messages are the spec's, to the letter, typos included. Empty strings count as
 * missing on both sides: Conform drops them, and the API drops them before parsing (dropEmpty).
 */

export const USER_MESSAGES = {
  emailRequired: "Email address is required",
  emailInvalid: "Invalid Email",
  passwordRequired: "Password is required",
  passwordShort: "Password of 8 charaters",
  passwordLong: "Password of at most 128 characters",
  firstNameRequired: "First Name is required",
  onlyAlphabet: "Only Alphabet is allowed",
  nameTooLong: "At most 50 characters",
  forgotEmailRequired: "Email Address is required",
  forgotEmailInvalid: "Invalid Email Address",
  lastNameInvalid: "Invalid Last Name",
  genderRequired: "Gender is required",
  courseRequired: "Course is required",
  specialisationRequired: "Course Specialisation is required",
  specialisationInvalid: "Invalid Course Specialisation",
  collegeRequired: "College Name is required",
  collegeInvalid: "Invalid College Name",
  locationRequired: "Location is required",
  locationInvalid: "Invalid  Location",
  textTooLong: "At most 100 characters",
} as const;
const M = USER_MESSAGES;

/** Close to the HTML standard's e-mail rule: something@host.tld, no spaces. */
const EMAIL_PATTERN =
  /^[a-z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/;
/** At least 8 characters, none of them whitespace. */
const PASSWORD_PATTERN = /^\S{8,}$/;
/** Names: letters (any script), apostrophe, space, hyphen. */
const NAME_PATTERN = /^[\p{L}\p{M}' -]+$/u;
/** Profile texts: letters, digits, spaces and & ' ( ) , . - */
const PROFILE_TEXT_PATTERN = /^[\p{L}\p{M}\p{N} &'(),.-]+$/u;

/** A required, trimmed string: missing, empty or blank all give `required`. */
function requiredText(required: string) {
  return z.string({ error: required }).trim().min(1, { error: required, abort: true });
}

function emailField(required: string, invalid: string) {
  // Lowercased here so the address is stored, compared and shown in one form.
  return z
    .string({ error: required })
    .trim()
    .toLowerCase()
    .min(1, { error: required, abort: true })
    .max(254, { error: invalid, abort: true })
    .regex(EMAIL_PATTERN, invalid);
}

export const emailSchema = emailField(M.emailRequired, M.emailInvalid);

export const passwordSchema = z
  .string({ error: M.passwordRequired })
  .min(1, { error: M.passwordRequired, abort: true })
  .regex(PASSWORD_PATTERN, { error: M.passwordShort, abort: true })
  // argon2 of a megabyte would be a cheap way to burn our CPU.
  .max(128, M.passwordLong);

const firstNameSchema = requiredText(M.firstNameRequired)
  .max(50, M.nameTooLong)
  .regex(NAME_PATTERN, M.onlyAlphabet);

const signupLastNameSchema = z
  .string()
  .trim()
  .max(50, M.nameTooLong)
  .regex(NAME_PATTERN, M.onlyAlphabet)
  .optional();

/**
 * Where to come back to after logging in (a team invite, a page that needed a session). Never a
 * reason to refuse a form: anything but a path of this site is dropped (`safeRedirect`).
 */
const redirectToSchema = z
  .string()
  .max(2048)
  .optional()
  .transform((to) => safeRedirect(to, "") || undefined)
  .catch(undefined);

export const loginSchema = z.object({
  email: emailSchema,
  password: passwordSchema,
  redirectTo: redirectToSchema,
});
export type LoginInput = z.infer<typeof loginSchema>;

export const signupSchema = z.object({
  firstName: firstNameSchema,
  lastName: signupLastNameSchema,
  email: emailSchema,
  password: passwordSchema,
  redirectTo: redirectToSchema,
});
export type SignupInput = z.infer<typeof signupSchema>;

export const forgotPasswordSchema = z.object({
  email: emailField(M.forgotEmailRequired, M.forgotEmailInvalid),
});
export type ForgotPasswordInput = z.infer<typeof forgotPasswordSchema>;

export const resetPasswordSchema = z.object({
  password: passwordSchema,
});
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

export function profileText(required: string, invalid: string) {
  return requiredText(required).max(100, M.textTooLong).regex(PROFILE_TEXT_PATTERN, invalid);
}

/** The text fields of POST /user/profile; the avatar (profileImg) travels beside them as a file. */
export const profileSchema = z.object({
  firstName: firstNameSchema,
  lastName: z
    .string()
    .trim()
    .max(50, M.nameTooLong)
    .regex(PROFILE_TEXT_PATTERN, M.lastNameInvalid)
    .optional(),
  gender: z.enum(GENDERS, { error: M.genderRequired }),
  course: z.enum(COURSES, { error: M.courseRequired }),
  courseSpecialisation: profileText(M.specialisationRequired, M.specialisationInvalid),
  collegeName: profileText(M.collegeRequired, M.collegeInvalid),
  location: profileText(M.locationRequired, M.locationInvalid),
  /** The 'E-mail reminders' switch (SPEC-2 §3): left as it is when absent. */
  emailReminders: z.union([z.boolean(), z.stringbool()]).optional(),
  /** 'E-mails from organisations I follow' (SPEC-4 §4): left as it is when absent. */
  emailFollowing: z.union([z.boolean(), z.stringbool()]).optional(),
});
export type ProfileInput = z.infer<typeof profileSchema>;

/**
 * The profile form: the text fields plus the avatar, checked for size before it is sent (the
 * backend checks size and type again from the bytes).
 */
export const profileFormSchema = profileSchema.extend({
  // Checkboxes: "on" when ticked, absent when not (the page sends false then).
  emailReminders: z.boolean().optional(),
  emailFollowing: z.boolean().optional(),
  profileImg: z
    .custom<File>((v) => typeof File !== "undefined" && v instanceof File, {
      error: "Please choose an image",
    })
    .refine((f) => f.size <= MAX_UPLOAD_BYTES, { error: FILE_TOO_LARGE })
    .optional(),
});

/**
 * Empty strings are dropped from a submission (SPEC §5), as Conform does in the browser, so the
 * API and the forms read the same input the same way.
 */
export function dropEmpty(body: unknown): unknown {
  if (!body || typeof body !== "object" || Array.isArray(body)) return body;
  return Object.fromEntries(Object.entries(body).filter(([, v]) => v !== ""));
}
