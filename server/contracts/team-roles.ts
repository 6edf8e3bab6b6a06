/**
 * SPEC-3 §1: the organising team's roles and their names on screen. No Zod here: pages that only
 * show a role (the invitation, My Events) import it without the validation library.
 */
export const TEAM_ROLES = ["admin", "judge", "volunteer"] as const;
export type TeamRole = (typeof TEAM_ROLES)[number];
export type Role = "owner" | TeamRole;

export const ROLE_LABELS: Record<Role, string> = {
  owner: "Owner",
  admin: "Admin",
  judge: "Judge",
  volunteer: "Volunteer",
};
