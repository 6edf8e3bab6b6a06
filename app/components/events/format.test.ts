import { describe, expect, it } from "vitest";
import { formatRupees, initials, phone, place, typeWord } from "./format";

describe("event display helpers", () => {
  it("formats rupees with Indian grouping", () => {
    expect(formatRupees(100000)).toBe("₹1,00,000");
    expect(formatRupees(2500)).toBe("₹2,500");
    expect(formatRupees(null)).toBe("");
  });
  it("takes the first word of the type", () => {
    expect(typeWord("Hackathon & Coding Challenges")).toBe("Hackathon");
    expect(typeWord("Fest")).toBe("Fest");
    expect(typeWord(null)).toBe("");
  });
  it("makes two-letter initials", () => {
    expect(initials("Priya Iyer")).toBe("PI");
    expect(initials("rahul kumar gupta")).toBe("RK");
    expect(initials("Meera")).toBe("ME");
    expect(initials("")).toBe("?");
  });
  it("prefixes phone numbers with +91", () => {
    expect(phone("9876543210")).toEqual({ href: "tel:+919876543210", label: "+91 98765 43210" });
  });
  it("joins city and state", () => {
    expect(place({ cityName: "Kanpur", stateName: "Uttar Pradesh" })).toBe("Kanpur, Uttar Pradesh");
    expect(place({ cityName: null, stateName: null })).toBe("");
  });
});

describe("externalUrl", () => {
  it("keeps http(s), adds https to a bare host, refuses other schemes", async () => {
    const { externalUrl } = await import("./format");
    expect(externalUrl("https://techkriti.org/hack")).toBe("https://techkriti.org/hack");
    expect(externalUrl("www.techkriti.org")).toBe("https://www.techkriti.org/");
    expect(externalUrl("javascript:alert(1)")).toBeNull();
    expect(externalUrl("")).toBeNull();
  });
});

describe("nextRoundLine", () => {
  const round = (title: string, startDate: string, endDate: string) => ({
    _id: `round-${title}-id`,
    kind: "offline" as const,
    requireFile: false,
    requireLink: false,
    title,
    description: "",
    startDate,
    endDate,
    isEliminatorRound: "false" as const,
  });
  const rounds = [
    round("Finale", "2026-12-03T05:30:00Z", "2026-12-03T10:30:00Z"),
    round("Prelims", "2026-11-28T05:30:00Z", "2026-11-28T10:30:00Z"),
  ];
  it("names the next round to start and its India day", async () => {
    const { nextRoundLine } = await import("./format");
    expect(nextRoundLine(rounds, new Date("2026-11-26T12:00:00Z"))).toBe("Prelims on 28 Nov");
    expect(nextRoundLine(rounds, new Date("2026-11-29T12:00:00Z"))).toBe("Finale on 3 Dec");
  });
  it("says a round is under way until it ends, then nothing once all are over", async () => {
    const { nextRoundLine } = await import("./format");
    expect(nextRoundLine(rounds, new Date("2026-12-03T06:00:00Z"))).toBe("Finale under way");
    expect(nextRoundLine(rounds, new Date("2026-12-04T00:00:00Z"))).toBeNull();
    expect(nextRoundLine([], new Date("2026-11-26T12:00:00Z"))).toBeNull();
  });
});
