/**
 * The event fields SPEC-2 §1 adds to step 2 and step 3 (registrationMode, capacity) and the
 * messages of registration, apart from the request schemas (registration.ts) so that the event
 * contract can use them without importing registration's. Free of Zod, so that pages showing the
 * messages load none (their schemas are in event-fields.ts; decision 037).
 */
export const REGISTRATION_MESSAGES = {
  notOpenYet: "Registration has not opened yet",
  closed: "Registration is closed",
  full: "Registration is full",
  already: "You are already registered for this event",
  website: "This event takes registrations on its website",
  teamFull: "Team is full",
  teamNotFound: "Team not found",
  teamNameRequired: "Team Name is required",
  teamNameMax: "Maximum 40 characters",
  websiteRequired: "Website is required to register on it",
  capacityMin: "Capacity must be at least 1",
  pitchRequired: "Tell others about yourself",
  pitchMin: "Minimum 10 characters required",
  pitchMax: "Maximum 280 characters",
  pitchContact: "Remove e-mail addresses and phone numbers from your pitch",
  alreadyAsked: "You have already asked this team",
  // Not quoted by the spec: refusals it implies.
  notRegistered: "You are not registered for this event",
  leaderOnly: "Only the team leader can do that",
  notMember: "This person is not in your team",
  removeSelf: "To leave your own team, use Leave team",
  codeRequired: "Team code is required",
  requestNotFound: "Request not found",
  inTeam: "You are already in a team",
  noTeams: "This event takes individual registrations",
  messageMax: "Maximum 280 characters",
} as const;

export const REGISTRATION_MODES = ["utsav", "website"] as const;
export type RegistrationMode = (typeof REGISTRATION_MODES)[number];

/** Team codes: 6 of these 32 characters (no 0/O/1/I, which read alike). */
export const JOIN_CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

/** Why registration is not open, in the order they are checked. */
export const CLOSED_REASONS = ["draft", "website", "not-open-yet", "closed", "full"] as const;
export type ClosedReason = (typeof CLOSED_REASONS)[number];

/** An event's registration fields: who takes part, the window, where they register, how many. */
export type EventRegistrationField =
  | "participationType"
  | "minTeam"
  | "maxTeam"
  | "startDate"
  | "endDate"
  | "registrationMode"
  | "capacity"
  | import("./fee-fields").FeeField;
