import { sql } from "kysely";
import { isPostgres } from "./connect";
import sharp from "sharp";
import { EVENT_TYPES } from "#server/contracts/constants";
import type { ContactDetail, ImportantDate, Prize, Round } from "#server/contracts/event-shape";
import type { Deps } from "#server/lib/deps";
import { newId } from "#server/lib/crypto";
import { storeDocument, storeImage } from "#server/services/uploads/uploads";
import type { NewEvent } from "./schema";
import { newUserRow } from "#server/services/accounts/new-user-row";

/**
 * Demo and test data: a creator and realistic published events from Indian colleges. The same
 * options give the same events (a seeded random sequence), so tests can assert on them.
 */
export interface SeedOptions {
  count: number;
  /** How many of the creator's events to leave as drafts (on top of `count`). */
  drafts?: number;
  creatorEmail?: string;
  /** Seed of the random sequence: same seed, same events. */
  seed?: number;
  /** Skip image generation (faster; cards then show their placeholder). */
  images?: boolean;
}

export interface SeedResult {
  creatorId: string;
  creatorEmail: string;
  eventNumbers: string[];
  /** The fully filled showcase event (every section has data). */
  showcase: { eventNumber: string; eventName: string; festivalName: string };
}

export const SEED_CREATOR_EMAIL = "organiser@utsav.local";
/** Only the showcase event carries this festival name, so a search for it finds exactly one. */
export const SHOWCASE_FESTIVAL = "Pratibimb Utsav";
export const SHOWCASE_NAME = "CodeStorm 24-Hour Hackathon";

const DAY = 86_400_000;
/** What a seeded round is besides its texts and dates: offline, as every round before SPEC-3. */
const OFFLINE_ROUND = { kind: "offline", requireFile: false, requireLink: false } as const;

/** mulberry32: a tiny deterministic generator. */
function random(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!,
    chance: (p: number) => next() < p,
  };
}

const COLLEGES = [
  {
    org: "IIT Bombay",
    fest: "Techfest",
    state: "Maharashtra",
    city: "Mumbai",
    venue: "Victor Menezes Convention Centre",
  },
  {
    org: "IIT Kanpur",
    fest: "Techkriti",
    state: "Uttar Pradesh",
    city: "Kanpur",
    venue: "Lecture Hall Complex",
  },
  {
    org: "IIT Kharagpur",
    fest: "Kshitij",
    state: "West Bengal",
    city: "Kharagpur",
    venue: "Netaji Auditorium",
  },
  {
    org: "BITS Pilani",
    fest: "APOGEE",
    state: "Rajasthan",
    city: "Pilani",
    venue: "Main Auditorium",
  },
  {
    org: "IIT Madras",
    fest: "Shaastra",
    state: "Tamil Nadu",
    city: "Chennai",
    venue: "Central Lecture Theatre",
  },
  {
    org: "NIT Tiruchirappalli",
    fest: "Pragyan",
    state: "Tamil Nadu",
    city: "Tiruchirappalli",
    venue: "Barn Hall",
  },
  {
    org: "IIM Ahmedabad",
    fest: "Confluence",
    state: "Gujarat",
    city: "Ahmedabad",
    venue: "Louis Kahn Plaza",
  },
  {
    org: "St. Stephen's College, Delhi",
    fest: "Harmony",
    state: "Delhi",
    city: "New Delhi",
    venue: "College Lawns",
  },
  {
    org: "IIT Guwahati",
    fest: "Alcheringa",
    state: "Assam",
    city: "Guwahati",
    venue: "Dr. Bhupen Hazarika Auditorium",
  },
  {
    org: "VIT Vellore",
    fest: "Riviera",
    state: "Tamil Nadu",
    city: "Vellore",
    venue: "Anna Auditorium",
  },
  {
    org: "IIIT Hyderabad",
    fest: "Felicity",
    state: "Telangana",
    city: "Hyderabad",
    venue: "Himalaya Block",
  },
  {
    org: "Christ University",
    fest: "Blossoms",
    state: "Karnataka",
    city: "Bengaluru",
    venue: "Main Block Auditorium",
  },
  {
    org: "Jadavpur University",
    fest: "Srijan",
    state: "West Bengal",
    city: "Kolkata",
    venue: "Gandhi Bhavan",
  },
  {
    org: "NIT Calicut",
    fest: "Tathva",
    state: "Kerala",
    city: "Kozhikode",
    venue: "Aryabhatta Hall",
  },
  {
    org: "College of Engineering Pune",
    fest: "Mindspark",
    state: "Maharashtra",
    city: "Pune",
    venue: "Cognizant Auditorium",
  },
  {
    org: "Manipal Institute of Technology",
    fest: "TechTatva",
    state: "Karnataka",
    city: "Manipal",
    venue: "Academic Block 5",
  },
  {
    org: "Anna University",
    fest: "Kurukshetra",
    state: "Tamil Nadu",
    city: "Chennai",
    venue: "Vivekananda Auditorium",
  },
  {
    org: "Lady Shri Ram College",
    fest: "Tarang",
    state: "Delhi",
    city: "New Delhi",
    venue: "Open Air Theatre",
  },
] as const;

const NAMES: Record<(typeof EVENT_TYPES)[number], readonly string[]> = {
  "Hackathon & Coding Challenges": [
    "HackNova",
    "Byte Sprint",
    "DevJam",
    "Hack the Monsoon",
    "AlgoRush",
    "Smart Campus Hackathon",
    "Code Relay",
    "Open Source Sprint",
  ],
  "Webinars & Workshops": [
    "Intro to Machine Learning Workshop",
    "Cloud Native Bootcamp",
    "Product Management Webinar",
    "UI/UX Design Sprint",
    "Startup Funding 101",
    "Data Visualisation with Python",
  ],
  Fest: [
    "Annual Techno-Cultural Fest",
    "Spring Fest",
    "Winter Carnival",
    "Founders' Day Fest",
    "Youth Fest",
  ],
  Quizzes: [
    "Business Quiz",
    "Sci-Tech Quiz",
    "India Quiz",
    "Sports Quiz",
    "Mela Quiz",
    "Brand Quiz",
  ],
  "Cultural Event": [
    "Battle of Bands",
    "Nukkad Natak",
    "Classical Dance Night",
    "Poetry Slam",
    "Street Dance Face-off",
    "Film Making Challenge",
  ],
  Scholarships: [
    "Merit Scholarship",
    "Women in Tech Scholarship",
    "Research Fellowship",
    "First-Generation Learner Grant",
  ],
  "Competitions & Challenges": [
    "Case Study Challenge",
    "B-Plan Competition",
    "Robo Wars",
    "Design Challenge",
    "Debate Championship",
    "Model United Nations",
  ],
};

const PEOPLE = [
  "Aarav Sharma",
  "Priya Iyer",
  "Rohan Mehta",
  "Sneha Reddy",
  "Karan Singh",
  "Ananya Das",
  "Vikram Nair",
  "Meera Joshi",
  "Arjun Patel",
  "Ishita Banerjee",
  "Rahul Gupta",
  "Divya Menon",
];

function aboutHtml(type: string, name: string, org: string): string {
  return [
    `<h2>About ${name}</h2>`,
    `<p><strong>${name}</strong> is organised by ${org} for college students across India. It is a ${type.toLowerCase()} open to every branch and year.</p>`,
    `<h3>Who can take part</h3>`,
    `<ul><li>Undergraduate and postgraduate students of any college</li><li>Teams may mix colleges and branches</li><li>Bring your college ID card</li></ul>`,
    `<h3>Rules</h3>`,
    `<ol><li>Register before the deadline.</li><li>Follow the code of conduct.</li><li>The decision of the judges is final.</li></ol>`,
  ].join("");
}

const COLOURS = [
  "#5b2bd6",
  "#e4572e",
  "#17bebb",
  "#ffc914",
  "#2e86ab",
  "#76b041",
  "#d7263d",
  "#1b998b",
];

/** A handful of simple geometric logos and banners, generated once and shared by all events. */
async function seedImages(
  deps: Pick<Deps, "db" | "storage" | "clock">,
): Promise<{ logos: string[]; banners: string[] }> {
  const logos: string[] = [];
  for (let i = 0; i < 6; i++) {
    const a = COLOURS[i % COLOURS.length];
    const b = COLOURS[(i + 3) % COLOURS.length];
    const shape =
      i % 3 === 0
        ? `<circle cx="160" cy="160" r="90" fill="${b}"/>`
        : i % 3 === 1
          ? `<polygon points="160,60 260,250 60,250" fill="${b}"/>`
          : `<rect x="80" y="80" width="160" height="160" rx="28" fill="${b}" transform="rotate(45 160 160)"/>`;
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="320"><rect width="320" height="320" fill="${a}"/>${shape}<circle cx="160" cy="160" r="34" fill="#ffffff" opacity="0.85"/></svg>`;
    logos.push(await storeImage(deps, await pngFile(svg, "logo.png"), "logo"));
  }
  const banners: string[] = [];
  for (let i = 0; i < 4; i++) {
    const a = COLOURS[(i * 2) % COLOURS.length];
    const b = COLOURS[(i * 2 + 1) % COLOURS.length];
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="600"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient></defs><rect width="1600" height="600" fill="url(#g)"/><circle cx="${300 + i * 250}" cy="150" r="220" fill="#ffffff" opacity="0.12"/><circle cx="${1300 - i * 150}" cy="480" r="300" fill="#000000" opacity="0.08"/><rect x="0" y="520" width="1600" height="80" fill="#ffffff" opacity="0.1"/></svg>`;
    banners.push(await storeImage(deps, await pngFile(svg, "banner.png"), "banner"));
  }
  return { logos, banners };
}

async function pngFile(svg: string, name: string): Promise<File> {
  const png = await sharp(Buffer.from(svg)).png().toBuffer();
  return new File([new Uint8Array(png)], name, { type: "image/png" });
}

/** A one-page PDF, enough to be a real brochure download. */
function brochurePdf(): File {
  const text = "Event brochure: schedule, rules and prizes.";
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
    `<< /Length ${44 + text.length} >>\nstream\nBT /F1 18 Tf 72 760 Td (${text}) Tj ET\nendstream`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
  ];
  let body = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`).join("")}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new File([body], "brochure.pdf", { type: "application/pdf" });
}

/** Finds or creates the verified creator (no password: sign in through a session or Google). */
async function ensureCreator(deps: Pick<Deps, "db" | "clock">, email: string): Promise<string> {
  const existing = await deps.db
    .selectFrom("users")
    .select("id")
    .where("email", "=", email)
    .executeTakeFirst();
  if (existing) return existing.id;
  const id = newId();
  const now = deps.clock.now().toISOString();
  await deps.db
    .insertInto("users")
    .values(
      newUserRow(now, {
        id,
        email,
        emailVerifiedAt: now,
        firstName: "Utsav",
        lastName: "Organiser",
        course: "Others",
        courseSpecialisation: "Event Management",
        collegeName: "IIT Kanpur",
        location: "Kanpur",
      }),
    )
    .onConflict((oc) => oc.column("email").doNothing())
    .execute();
  const row = await deps.db
    .selectFrom("users")
    .select("id")
    .where("email", "=", email)
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Seeds `count` published events (plus `drafts` drafts) for one creator. Event numbers already
 * taken are skipped, so it can run on a database that has events. Rows go in in batches.
 */
export async function seedEvents(
  deps: Pick<Deps, "db" | "storage" | "clock">,
  options: SeedOptions,
): Promise<SeedResult> {
  const rnd = random(options.seed ?? 2026);
  const creatorEmail = options.creatorEmail ?? SEED_CREATOR_EMAIL;
  const creatorId = await ensureCreator(deps, creatorEmail);
  const images = options.images === false ? { logos: [], banners: [] } : await seedImages(deps);
  const brochure =
    options.images === false ? null : await storeDocument(deps, brochurePdf(), "brochure");
  const now = deps.clock.now();
  const nowIso = now.toISOString();

  const taken = new Set(
    (await deps.db.selectFrom("events").select("eventNumber").execute()).map((r) => r.eventNumber),
  );
  // Random 5-digit numbers for a demo-sized seed; counted up for a large one, past 99999 into
  // longer numbers, since 5 digits hold only 90,000 events.
  let counter = 10000;
  const nextNumber = () => {
    for (let tries = 0; total <= 20_000 && tries < 50; tries++) {
      const n = String(rnd.int(10000, 99999));
      if (!taken.has(n)) {
        taken.add(n);
        return n;
      }
    }
    while (taken.has(String(counter))) counter++;
    taken.add(String(counter));
    return String(counter++);
  };

  const total = options.count + (options.drafts ?? 0);
  const rows: NewEvent[] = [];
  let showcase: SeedResult["showcase"] | null = null;
  for (let i = 0; i < total; i++) {
    const isShowcase = i === 0;
    const isDraft = i >= options.count;
    // Every type appears early; after that types are drawn at random.
    const eventType = isShowcase
      ? EVENT_TYPES[0]
      : i < EVENT_TYPES.length * 2
        ? EVENT_TYPES[i % EVENT_TYPES.length]!
        : rnd.pick(EVENT_TYPES);
    const college = isShowcase ? COLLEGES[1] : rnd.pick(COLLEGES);
    const online = isShowcase
      ? false
      : eventType === "Webinars & Workshops"
        ? rnd.chance(0.8)
        : i % 3 === 1;
    const eventName = isShowcase
      ? SHOWCASE_NAME
      : `${rnd.pick(NAMES[eventType])}${rnd.chance(0.3) ? " 2026" : ""}`;
    const festivalName = isShowcase ? SHOWCASE_FESTIVAL : rnd.chance(0.6) ? college.fest : null;
    // Deadlines from a month ago to two months ahead; about one in five has passed.
    const endOffsetHours = isShowcase
      ? 10 * 24 + 5
      : rnd.chance(0.2)
        ? -rnd.int(1, 30 * 24)
        : rnd.int(3, 60 * 24);
    const endDate = new Date(now.getTime() + endOffsetHours * 3_600_000);
    const startDate = new Date(endDate.getTime() - rnd.int(7, 30) * DAY);
    const team = isShowcase || rnd.chance(0.6);
    const full = isShowcase || rnd.chance(0.5);
    const prizes: Prize[] = [];
    if (isShowcase || (eventType !== "Webinars & Workshops" && rnd.chance(0.8))) {
      const first = isShowcase
        ? 100000
        : rnd.pick([5000, 10000, 15000, 25000, 50000, 75000, 100000, 200000]);
      const ranks = isShowcase ? 3 : rnd.int(1, 3);
      for (let r = 1; r <= ranks; r++)
        prizes.push({ rank: r, cashAmount: Math.round(first / r / 500) * 500 });
    }
    const contactDetails: ContactDetail[] = [];
    const contacts = isShowcase ? 2 : rnd.int(1, 2);
    for (let c = 0; c < contacts; c++) {
      contactDetails.push({
        name: rnd.pick(PEOPLE),
        number: `9${String(rnd.int(100000000, 999999999))}`,
      });
    }
    const importantDates: ImportantDate[] = full
      ? [
          {
            dateTitle: "Shortlist announced",
            date: new Date(endDate.getTime() + 3 * DAY).toISOString(),
          },
          { dateTitle: "Finale", date: new Date(endDate.getTime() + 10 * DAY).toISOString() },
        ]
      : [];
    const rounds: Round[] = full
      ? [
          {
            ...OFFLINE_ROUND,
            _id: `seed-${String(i).padStart(6, "0")}-1`,
            title: online ? "Online Round" : "Preliminary Round",
            description: "Submit your idea or answers online; the best entries move to the finale.",
            startDate: new Date(endDate.getTime() + 1 * DAY).toISOString(),
            endDate: new Date(endDate.getTime() + 2 * DAY).toISOString(),
            isEliminatorRound: "true",
          },
          {
            ...OFFLINE_ROUND,
            _id: `seed-${String(i).padStart(6, "0")}-2`,
            title: "Grand Finale",
            description: `Shortlisted participants present on campus at ${college.org}.`,
            startDate: new Date(endDate.getTime() + 10 * DAY).toISOString(),
            endDate: new Date(endDate.getTime() + 11 * DAY).toISOString(),
            isEliminatorRound: "false",
          },
        ]
      : [];
    const eventNumber = nextNumber();
    if (isShowcase) showcase = { eventNumber, eventName, festivalName: SHOWCASE_FESTIVAL };
    const createdAt = new Date(now.getTime() - rnd.int(1, 60) * DAY + i * 1000).toISOString();
    rows.push({
      eventNumber,
      madeBy: creatorId,
      status: isDraft ? "draft" : "active",
      version: 1,
      eventType,
      eventName,
      organisationName: college.org,
      festivalName,
      eventWebsite: full
        ? `https://www.example.org/${eventName.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`
        : null,
      modeOfEvent: online ? "Online" : "Offline",
      countryName: online ? null : "India",
      stateName: online ? null : college.state,
      cityName: online ? null : college.city,
      locationName: online ? null : college.venue,
      aboutEvent: aboutHtml(eventType, eventName, college.org),
      participationType: team ? "team" : "individual",
      minTeam: team ? (isShowcase ? 2 : rnd.int(1, 2)) : null,
      maxTeam: team ? (isShowcase ? 4 : rnd.int(3, 6)) : null,
      startDate: startDate.toISOString(),
      endDate: endDate.toISOString(),
      contactDetails: JSON.stringify(contactDetails),
      importantDates: JSON.stringify(importantDates),
      eventBrochureTitle: full && brochure ? `${eventName} brochure` : null,
      eventBrochure: full ? brochure : null,
      eventLogo: images.logos.length ? images.logos[i % images.logos.length]! : null,
      eventBanner:
        images.banners.length && (isShowcase || rnd.chance(0.7))
          ? images.banners[i % images.banners.length]!
          : null,
      rounds: JSON.stringify(rounds),
      prizes: JSON.stringify(prizes),
      firstPrize: prizes.find((p) => p.rank === 1)?.cashAmount ?? null,
      createdAt,
      updatedAt: isDraft ? nowIso : createdAt,
      publishedAt: isDraft ? null : createdAt,
    });
  }

  // 200 rows a statement, 10,000 a transaction: one commit per chunk instead of per statement.
  for (let i = 0; i < rows.length; i += 10_000) {
    await deps.db.transaction().execute(async (trx) => {
      for (let j = i; j < Math.min(i + 10_000, rows.length); j += 200) {
        await trx
          .insertInto("events")
          .values(rows.slice(j, j + 200))
          .execute();
      }
    });
  }
  // Fresh statistics, so the first queries on the seeded data already use the right indexes.
  // On PostgreSQL, VACUUM also marks the pages all-visible, so counts use index-only scans.
  await (isPostgres(deps.db) ? sql`vacuum analyze events` : sql`analyze`).execute(deps.db);
  return {
    creatorId,
    creatorEmail,
    eventNumbers: rows.map((r) => r.eventNumber),
    showcase: showcase!,
  };
}
