import { describe, expect, it } from "vitest";
import { plural, pluralWord } from "./words";

describe("plural", () => {
  it("says one thing in the singular and every other count in the plural", () => {
    expect(plural(1, "registration")).toBe("1 registration");
    expect(plural(0, "registration")).toBe("0 registrations");
    expect(plural(2, "team")).toBe("2 teams");
    expect(plural(1, "person")).toBe("1 person");
    expect(plural(5, "person")).toBe("5 people");
    expect(plural(2, "reply", "replies")).toBe("2 replies");
  });
  it("groups large counts the Indian way", () => {
    expect(plural(100000, "view")).toBe("1,00,000 views");
  });
  it("gives the word alone", () => {
    expect(pluralWord(1, "team")).toBe("team");
    expect(pluralWord(3, "team")).toBe("teams");
  });
});
