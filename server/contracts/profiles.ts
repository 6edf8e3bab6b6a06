import { handleSchema } from "./handles";
import { z } from "./zod";

/** Public profiles (SPEC-4 §5): the setting on the profile page and the record GET /u/{handle} answers. */
export const PROFILE_MESSAGES = {
  handleNeeded: "Choose a handle to make your profile public",
  notFound: "Profile not found",
} as const;

/**
 * POST /user/public-profile: the handle (the current one is kept when absent; a new one frees the
 * old) and the switch (off when absent). A public profile needs a handle, given or held.
 */
export const publicProfileSchema = z.object({
  handle: handleSchema.optional(),
  publicProfile: z.union([z.boolean(), z.stringbool()]).optional().default(false),
});
export type PublicProfileInput = z.infer<typeof publicProfileSchema>;

/** The form's version: the switch is a checkbox, absent when off. */
export const publicProfileFormSchema = z
  .object({
    handle: handleSchema.optional(),
    publicProfile: z.boolean().optional(),
  })
  .superRefine((v, ctx) => {
    if (v.publicProfile && !v.handle)
      ctx.addIssue({ code: "custom", path: ["handle"], message: PROFILE_MESSAGES.handleNeeded });
  });

export interface ProfileEvent {
  eventNumber: string;
  eventName: string;
  organisationName: string | null;
  /** When the event ended (its registration window or last round), ISO UTC. */
  endedAt: string | null;
}

/** The public record of GET /u/{handle}: never an e-mail, phone or team code. */
export interface PublicProfile {
  handle: string;
  firstName: string;
  lastName: string | null;
  avatar: string | null;
  collegeName: string | null;
  course: string | null;
  /** Past events the person was registered for, newest first. */
  takenPart: ProfileEvent[];
  /** The rounds they advanced from. */
  results: (ProfileEvent & { roundIndex: number; round: string })[];
  /** Their winner ranks. */
  wins: (ProfileEvent & { rank: number })[];
  /** Certificates not revoked, each linking to its verification page. */
  certificates: {
    _id: string;
    url: string;
    kind: "participation" | "merit";
    rank: number;
    eventNumber: string;
    eventName: string;
    organisationName: string;
    issuedAt: string;
  }[];
  /** Organisations they own or administer. */
  orgs: { handle: string; name: string; logo: string | null; role: "owner" | "admin" }[];
}
