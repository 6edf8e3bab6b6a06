import { emailSchema } from "./user";
import { z } from "./zod";

import { type Role, TEAM_ROLES, type TeamRole } from "./team-roles";

/** SPEC-3 §1: the organising team. Messages to the letter. */

export const TEAM_MESSAGES = {
  roleRequired: "Role is required",
  alreadyMember: "This person is already on the team",
  alreadyInvited: "An invitation is already pending for this e-mail address",
  registered: "This person is registered for this event",
  tooMany: "A team can have at most 50 organisers",
  expired: "This invitation has expired",
  cancelled: "This invitation was cancelled",
  otherAddress: "This invitation is for another e-mail address",
  ownerRemove: "The owner cannot be removed",
  ownerRole: "The owner's role cannot be changed",
  organiserRegister: "Organisers cannot register for their own event",
  notFound: "Invitation not found",
  memberNotFound: "Member not found",
  roleForbidden: "Your role in this event's team cannot do that",
} as const;

/** The refusals the database itself makes (migration 0018's triggers), answered 409 as they are. */
export const TEAM_DB_RULES: readonly string[] = [
  TEAM_MESSAGES.organiserRegister,
  TEAM_MESSAGES.registered,
];

export const MAX_ORGANISERS = 50;
export const INVITE_DAYS = 7;
export const ACTIVITY_PAGE_SIZE = 50;

const roleSchema = z.enum(TEAM_ROLES, { error: TEAM_MESSAGES.roleRequired });

/** POST /event/{n}/organisers/invite */
export const inviteSchema = z.object({ email: emailSchema, role: roleSchema });
export type InviteInput = z.infer<typeof inviteSchema>;

/** POST /event/{n}/organisers/{memberId} */
export const roleChangeSchema = z.object({ role: roleSchema });

export interface TeamMember {
  _id: string;
  userId: string;
  firstName: string;
  lastName: string;
  email: string;
  role: Role;
  joinedAt: string;
}

export interface TeamInvite {
  _id: string;
  email: string;
  role: TeamRole;
  invitedAt: string;
  expiresAt: string;
}

export interface InviteView {
  eventNumber: string;
  eventName: string;
  role: TeamRole;
  email: string;
  invitedBy: string;
  expired: boolean;
}

export interface ActivityItem {
  at: string;
  actor: { firstName: string; lastName: string; role: Role };
  action: string;
  summary: string;
}
