import { describe, expect, it } from "vitest";
import { CERTIFICATE_MESSAGES } from "./certificate";
import { REGISTRATION_MESSAGES } from "./registration-fields";

/**
 * SPEC-2 quotes these messages exactly. The API tests compare answers with the constants, so a
 * constant drifting from the spec would pass them all: this pins each one to the spec's words.
 */
describe("SPEC-2's quoted messages", () => {
  it("registration and teams (§1), finding teammates (§2)", () => {
    expect(REGISTRATION_MESSAGES).toMatchObject({
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
      alreadyAsked: "You have already asked this team",
    });
  });

  it("certificates (§5)", () => {
    expect(CERTIFICATE_MESSAGES).toMatchObject({
      notYet: "Certificates can be issued after registration closes",
      revoked: "This certificate was revoked",
      valid: "Valid certificate",
    });
  });
});
