import { describe, expect, it } from "vitest";
import type { EventData } from "#server/contracts/event-shape";
import { scriptJson } from "#app/utils/script-json";
import { eventJsonLd, plainText } from "./seo";

const base: EventData = {
  eventNumber: "12345",
  status: "active",
  version: 1,
  madeBy: "u",
  eventType: "Fest",
  eventName: "Spring Fest",
  organisationName: "IIT Kanpur",
  org: null,
  festivalName: null,
  eventWebsite: null,
  modeOfEvent: "Offline",
  countryName: "India",
  stateName: "Uttar Pradesh",
  cityName: "Kanpur",
  locationName: "OAT",
  aboutEvent: "<h2>Hi</h2><p>Fun &amp; games</p>",
  participationType: "individual",
  minTeam: null,
  maxTeam: null,
  startDate: "2026-11-01T00:00:00.000Z",
  endDate: "2026-11-30T00:00:00.000Z",
  contactDetails: [],
  importantDates: [],
  eventBrochureTitle: null,
  eventBrochure: null,
  eventLogo: "/api/v1/files/a.webp",
  eventBanner: null,
  rounds: [],
  prizes: [],
  createdAt: "",
  updatedAt: "",
  publishedAt: null,
  registrationMode: "utsav",
  capacity: null,
  registrationCount: 0,
  fee: 0,
  feePer: "registration",
  earlyFee: null,
  earlyUntil: null,
  upiId: null,
  payeeName: null,
  holdMinutes: 60,
  refundPolicy: null,
  gstin: null,
  currentFee: null,
};

describe("event SEO", () => {
  it("describes an offline event with place, organiser and absolute images", () => {
    const ld = eventJsonLd(base, "https://utsav.example");
    expect(ld).toMatchObject({
      "@type": "Event",
      name: "Spring Fest",
      url: "https://utsav.example/event/12345",
      eventAttendanceMode: "https://schema.org/OfflineEventAttendanceMode",
      location: {
        "@type": "Place",
        name: "OAT",
        address: {
          addressLocality: "Kanpur",
          addressRegion: "Uttar Pradesh",
          addressCountry: "IN",
        },
      },
      organizer: { "@type": "Organization", name: "IIT Kanpur" },
      image: ["https://utsav.example/api/v1/files/a.webp"],
      description: "Hi Fun & games",
    });
  });
  it("uses a virtual location for online events", () => {
    const ld = eventJsonLd({ ...base, modeOfEvent: "Online" }, "https://utsav.example");
    expect(ld.eventAttendanceMode).toBe("https://schema.org/OnlineEventAttendanceMode");
    expect(ld.location).toMatchObject({ "@type": "VirtualLocation" });
  });
  it("escapes < so a name cannot close the script element", () => {
    const json = scriptJson({ name: "</script><script>alert(1)</script>" });
    expect(json).not.toContain("<");
    expect(JSON.parse(json).name).toBe("</script><script>alert(1)</script>");
  });
  it("folds HTML to text", () => {
    expect(plainText("<p>a</p><ul><li>b</li></ul>")).toBe("a b");
  });
});
