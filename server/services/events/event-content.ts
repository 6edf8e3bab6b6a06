import { EVENT_TYPES, type EventType } from "#server/contracts/constants";

/**
 * The About text a new event starts from, per event type (GET /event/content?type=). Organisers
 * replace the bracketed parts; the headings and lists show them what a good page covers.
 */
const section = (heading: string, items: string[]) =>
  `<h3>${heading}</h3><ul>${items.map((i) => `<li>${i}</li>`).join("")}</ul>`;

const DEFAULT_ABOUT: Record<EventType, string> = {
  "Hackathon & Coding Challenges":
    "<p>Join us for a hackathon where students build working solutions to real problems in a limited time. Form a team, pick a challenge and ship.</p>" +
    section("Who can participate", [
      "Students from any college and any year",
      "Teams as allowed in the registration details",
    ]) +
    section("What to build", [
      "A working prototype for one of the problem statements",
      "A short demo and a link to your code",
    ]) +
    section("Judging", ["Innovation and impact", "Technical depth", "Presentation"]),
  "Webinars & Workshops":
    "<p>A hands-on session led by practitioners. Learn the fundamentals, follow along with live examples and get your questions answered.</p>" +
    section("What you will learn", ["[Topic 1]", "[Topic 2]", "[Topic 3]"]) +
    section("Who should attend", [
      "Students curious about the subject",
      "Beginners welcome: no prior experience needed",
    ]) +
    section("What to bring", ["A laptop with [software] installed", "Your questions"]),
  Fest:
    "<p>Our annual fest brings together students for days of competitions, performances, talks and food. Everyone is welcome.</p>" +
    section("Highlights", [
      "Flagship competitions with cash prizes",
      "Cultural nights and performances",
      "Workshops and talks",
    ]) +
    section("How to take part", [
      "Register for the events you like",
      "Carry your college ID to the venue",
    ]),
  Quizzes:
    "<p>Test your knowledge against the sharpest minds on campus. Rounds cover general knowledge, current affairs, science and pop culture.</p>" +
    section("Format", ["A written preliminary round", "Finals on stage for the top teams"]) +
    section("Rules", ["No phones or internet during rounds", "The quizmaster's decision is final"]),
  "Cultural Event":
    "<p>Celebrate music, dance, drama and art. Perform on stage, showcase your talent and cheer for your friends.</p>" +
    section("Categories", [
      "Solo and group dance",
      "Solo and group singing",
      "Drama and street play",
      "Fine arts",
    ]) +
    section("Guidelines", [
      "Keep to the time limit of your category",
      "Bring your own music on a pen drive",
    ]),
  Scholarships:
    "<p>A scholarship for deserving students to support their studies. Read the eligibility carefully and apply before the deadline.</p>" +
    section("Eligibility", [
      "Currently enrolled in a recognised college",
      "[Academic or income criteria]",
    ]) +
    section("Documents needed", ["College ID and latest marksheet", "[Other documents]"]) +
    section("Selection process", ["Application review", "Interview of shortlisted students"]),
  "Competitions & Challenges":
    "<p>Compete with the best students and win exciting prizes. Show your skills across rounds designed to challenge you.</p>" +
    section("Who can participate", [
      "Students from any college",
      "Individuals or teams as allowed in the registration details",
    ]) +
    section("Rounds", ["An online qualifying round", "A final round for the shortlisted"]) +
    section("Rewards", ["Cash prizes for the winners", "Certificates for all finalists"]),
};

export function isEventType(value: unknown): value is EventType {
  return typeof value === "string" && (EVENT_TYPES as readonly string[]).includes(value);
}

export function defaultAbout(type: EventType): string {
  return DEFAULT_ABOUT[type];
}

/** The bracketed parts of the default texts ('[Topic 1]', '[software]', …), each once. */
export const ABOUT_PLACEHOLDERS: readonly string[] = [
  ...new Set(Object.values(DEFAULT_ABOUT).flatMap((html) => html.match(/\[[^\]<>[]+\]/g) ?? [])),
];

/** The default texts' placeholders still in an About (its text, tags aside), in template order. */
export function placeholdersIn(html: string | null | undefined): string[] {
  if (!html) return [];
  const text = html.replace(/<[^>]*>/g, "");
  return ABOUT_PLACEHOLDERS.filter((p) => text.includes(p));
}
