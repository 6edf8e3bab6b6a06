/** Who an organiser's update goes to, apart from the schemas (organiser.ts) so that the pages load no Zod (decision 037). */

/**
 * Who an update is mailed to (issue 45): every registered person, those still in the running
 * (not out of an eliminator round with results), or those checked in at the venue.
 */
export const AUDIENCES = ["all", "running", "checked-in"] as const;
export type Audience = (typeof AUDIENCES)[number];
export const AUDIENCE_LABELS: Record<Audience, string> = {
  all: "Everyone registered",
  running: "Those still in the running",
  "checked-in": "Those checked in",
};
export const AUDIENCE_REQUIRED = "Choose who gets this update";
