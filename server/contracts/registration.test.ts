import { describe, expect, it } from "vitest";
import { hasContact, pitchSchema } from "./registration";
import { REGISTRATION_MESSAGES as M } from "./registration-fields";

const messages = (pitch: unknown) => {
  const result = pitchSchema.safeParse({ pitch });
  return result.success ? [] : result.error.issues.map((i) => i.message);
};

describe("the teammate pitch (SPEC-2 §2)", () => {
  it("finds an e-mail address or a phone number however it is written", () => {
    for (const text of [
      "write to asha.v@gmail.com",
      "mail a@b.in",
      "mail asha at gmail dot com",
      "mail asha.v (at) gmail (dot) com",
      "mail asha [at] iitd [dot] edu",
      "call 98765 43210",
      "WhatsApp +91-98765-43210",
      "9876543210",
    ]) {
      expect(hasContact(text), text).toBe(true);
    }
    for (const text of [
      "3rd year, 2026 batch, CGPA 8.9, won 2 hackathons at IIT",
      "good at maths, bad at dots",
      "@ the fest, see you",
      "backend dev, 10 years of chess",
    ]) {
      expect(hasContact(text), text).toBe(false);
    }
  });

  it("refuses a pitch over 280 characters with that one message, however long and hostile it is", () => {
    // These texts used to take minutes: the contact patterns backtracked over every start position.
    for (const long of [
      "x".repeat(400_000),
      `{"a":"${"x".repeat(200_000)}","b":"${"x".repeat(200_000)}"}`,
      "a.".repeat(100_000),
      "1".repeat(100_000),
    ]) {
      expect(messages(long)).toEqual([M.pitchMax]);
    }
  });

  it("still tests a text of the longest allowed length for contacts", () => {
    const padded = `${"x".repeat(240)} a@b.com`;
    expect(messages(padded)).toEqual([M.pitchContact]);
    expect(hasContact(`${"x.".repeat(200_000)}@b.com`)).toBe(true);
    expect(hasContact("x".repeat(400_000))).toBe(false);
  });
});
