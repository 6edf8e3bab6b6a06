import { handleSchema } from "./handles";
import { LIMITS, maxText } from "./limits";
import { FILE_TOO_LARGE, MAX_UPLOAD_BYTES } from "./constants";
import { emailSchema, profileText, USER_MESSAGES } from "./user";
import { z } from "./zod";

/** Organisations (SPEC-4 §4): messages to the letter where the spec gives them. */
export const ORG_MESSAGES = {
  nameRequired: "Name is required",
  notAdmin: "You are not an admin of this organisation",
  notFound: "Organisation not found",
  aboutTooLong: "About must be at most 2,000 characters",
  websiteInvalid: "Invalid Website Address",
  instagramInvalid: "Invalid Instagram handle",
} as const;
const M = ORG_MESSAGES;

/** As the event's website: optional scheme, a dotted host, optional port and path. */
const WEBSITE =
  /^(https?:\/\/)?([a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,}(:\d{1,5})?([/?#]\S*)?$/i;
/** An Instagram username (with or without @) or its profile address. */
const INSTAGRAM =
  /^(?:@?[A-Za-z0-9._]{1,30}|https?:\/\/(?:www\.)?instagram\.com\/[A-Za-z0-9._]{1,30}\/?)$/;

/** The fields of POST /orgs and POST /org/{handle} but `handle` (and the logo, a file beside them). */
const detailsShape = {
  name: z
    .string({ error: M.nameRequired })
    .trim()
    .min(3, { error: M.nameRequired, abort: true })
    .max(80, M.nameRequired),
  // "college and city as in the profile": the profile's rules and messages.
  college: profileText(USER_MESSAGES.collegeRequired, USER_MESSAGES.collegeInvalid),
  city: profileText(USER_MESSAGES.locationRequired, USER_MESSAGES.locationInvalid),
  about: z.string().trim().max(2000, M.aboutTooLong).optional(),
  website: z
    .string()
    .trim()
    .max(...maxText(LIMITS.url))
    .regex(WEBSITE, M.websiteInvalid)
    .optional(),
  instagram: z.string().trim().regex(INSTAGRAM, M.instagramInvalid).optional(),
};

export const orgDetailsSchema = z.object(detailsShape);
export type OrgDetailsInput = z.infer<typeof orgDetailsSchema>;

export const newOrgSchema = z.object({ handle: handleSchema, ...detailsShape });
export type NewOrgInput = z.infer<typeof newOrgSchema>;

/** The logo beside the fields of a form, checked for size before it is sent. */
const logoFile = z
  .custom<File>((v) => typeof File !== "undefined" && v instanceof File, {
    error: "Please choose an image",
  })
  .refine((f) => f.size <= MAX_UPLOAD_BYTES, { error: FILE_TOO_LARGE })
  .optional();

/** The /orgs/new form: the fields plus the logo, checked for size before it is sent. */
export const newOrgFormSchema = newOrgSchema.extend({ logo: logoFile });

/** The settings page's details form: the fields but the handle, and the logo. */
export const orgDetailsFormSchema = orgDetailsSchema.extend({ logo: logoFile });

/** An e-mail address to invite as an admin, or to verify the college with. */
export const orgEmailSchema = z.object({ email: emailSchema });

/** The organisation object (SPEC-4 §4): never an e-mail or phone. */
export interface Organisation {
  handle: string;
  name: string;
  college: string;
  city: string;
  about: string | null;
  logo: string | null;
  website: string | null;
  instagram: string | null;
  verifiedDomain: string | null;
  followers: number;
  owner: { firstName: string; lastName: string | null };
  admins: { userId: string; firstName: string; lastName: string | null }[];
  createdAt: string;
  /** GET /org/{handle} to a signed-in caller only. */
  following?: boolean;
}

export interface FollowState {
  following: boolean;
  followers: number;
}
