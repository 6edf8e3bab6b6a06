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
  alreadyAdmin: "This person is already an admin of this organisation",
  adminNotFound: "Admin not found",
  ownerRemove: "The owner cannot be removed",
  ownerOnly: "Only the owner can hand over the organisation",
  chooseAdmin: "Choose one of the admins",
  collegeEmail: "Use an e-mail address of your college",
  linkInvalid: "This link is invalid",
  linkUsed: "This link was already used",
  linkExpired: "This link has expired. Ask for a new one in the organisation's settings.",
  linkOtherUser: "Open this link signed in as the admin who asked for it",
  linkCollegeChanged:
    "The organisation's college changed since this link was sent. Ask for a new one.",
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

/** How long an invitation to administer an organisation lasts (as SPEC-3's: 7 days). */
export const ORG_INVITE_DAYS = 7;
/** How long a verification link lasts (SPEC-4 §4: 24 hours). */
export const VERIFY_HOURS = 24;
/** College domains (SPEC-4 §4). */
export const COLLEGE_DOMAIN_ENDINGS = [".ac.in", ".edu", ".edu.in", ".res.in"] as const;

/** The domain of an address at a college, or null. */
export function collegeDomainOf(email: string): string | null {
  const domain = email.slice(email.lastIndexOf("@") + 1).toLowerCase();
  return COLLEGE_DOMAIN_ENDINGS.some((end) => domain.endsWith(end) && domain.length > end.length)
    ? domain
    : null;
}

/** POST /org/{handle}/admins/invite */
export const orgInviteSchema = z.object({ email: emailSchema });

/** POST /org/{handle}/verify */
export const orgVerifySchema = z.object({
  // Only for an address that is one: a malformed one gets the address's own message alone.
  email: emailSchema.refine((v) => collegeDomainOf(v) !== null, {
    error: M.collegeEmail,
    when: (payload) => payload.issues.length === 0,
  }),
});

/** POST /org/{handle}/owner */
export const orgOwnerSchema = z.object({
  userId: z.string({ error: M.chooseAdmin }).trim().min(1, M.chooseAdmin).max(64, M.chooseAdmin),
});

/** A pending invitation to administer an organisation (201 of the invite; GET …/admins/invites). */
export interface OrgInvite {
  _id: string;
  email: string;
  invitedAt: string;
  expiresAt: string;
}

/** GET /org-invite/{token}: what the invitation page shows. */
export interface OrgInviteView {
  handle: string;
  name: string;
  email: string;
  invitedBy: string;
  expired: boolean;
}

/** GET /org-verify/{token}: what the verification page shows. */
export interface OrgVerifyView {
  handle: string;
  name: string;
  email: string;
  domain: string;
  expired: boolean;
  used: boolean;
}

/** Another published event at the same college whose dates overlap (SPEC-4 §4; a warning only). */
export interface Clash {
  eventNumber: string;
  eventName: string | null;
  orgHandle: string;
  orgName: string;
  /** Its registration window. */
  startDate: string | null;
  endDate: string | null;
}
