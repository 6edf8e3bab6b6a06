import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from "vitest";
import { createSession } from "#server/services/accounts/sessions";
import { createTestApi, engines, type TestApi } from "#tests/helpers/api";
import { CORE_TABLES } from "#tests/helpers/snapshot";
import { createUserWithSession } from "#tests/helpers/users";

/**
 * Property-based fuzzing of every /api/v1 route: malformed JSON, wrong types, huge strings,
 * missing and extra fields, odd path parameters and wrong methods, anonymous and signed in.
 * Always a 4xx with the one `{ message }` shape (never a 5xx) and nothing stored.
 *
 * ROUTES lists every route the app has; a test compares it with the Hono app's own table, so a
 * new route cannot be added without being fuzzed here.
 */
type Body = "none" | "json" | "form";
interface RouteCase {
  /** A request that is well formed can succeed here (reads, logout, starting Google sign-in). */
  read?: boolean;
  /** What the route takes, so the fuzzer also sends it well-typed but wrong values. */
  body: Body;
  fields?: string[];
  /** Tables the route may change even when it refuses (rate limit counters are always allowed). */
  mayChange?: string[];
  /**
   * Where any text is valid input (a feedback message), the fuzzer can build a valid request: then
   * exactly one row may appear in this table, owned by the signed-in user, and nothing else changes.
   */
  accepts?: { table: string; owner: string };
  /** Where a fuzzed save can be valid (an About is any text): only the caller's draft may change. */
  editsOwnEvent?: boolean;
}

const STEP3_SECTIONS = [
  "eventBanner",
  "basicdetails",
  "aboutEvent",
  "importantDate",
  "rounds",
  "prizes",
  "activateEvent",
];
const STEP1_FIELDS = [
  "eventType",
  "eventName",
  "organisationName",
  "festivalName",
  "eventWebsite",
  "modeOfEvent",
  "countryName",
  "stateName",
  "cityName",
  "locationName",
  "aboutEvent",
  "eventLogo",
  "eventLogoPending",
  "orgHandle",
  "version",
];
const STEP2_FIELDS = [
  "registrationMode",
  "capacity",
  "participationType",
  "minTeam",
  "maxTeam",
  "startDate",
  "endDate",
  "contactDetails",
  "version",
];
const STEP3_FIELDS = [
  "eventBanner",
  "aboutEvent",
  "importantDates",
  "contactDetails",
  "eventBrochureTitle",
  "eventBrochure",
  "eventBrochurePending",
  "eventBannerPending",
  "rounds",
  "prizes",
  "version",
  ...STEP1_FIELDS.slice(0, 4),
];

const ROUTES: Record<string, RouteCase> = {
  "GET /api/v1/health": { read: true, body: "none" },
  "GET /api/v1/files/:key": { read: true, body: "none" },
  "GET /api/v1/user/profile": { read: true, body: "none" },
  "POST /api/v1/user/signup": {
    body: "form",
    fields: ["firstName", "lastName", "email", "password"],
  },
  "GET /api/v1/user/:id/verify/:token": { body: "none" },
  "POST /api/v1/user/login": { body: "form", fields: ["email", "password"] },
  "GET /api/v1/user/logout": { read: true, body: "none", mayChange: ["sessions"] },
  "POST /api/v1/user/forgot-password": { body: "form", fields: ["email"] },
  "GET /api/v1/user/:id/reset-password/:token": { body: "none" },
  "POST /api/v1/user/:id/reset-password/:token": { body: "form", fields: ["password"] },
  "POST /api/v1/user/profile": {
    body: "form",
    fields: [
      "firstName",
      "lastName",
      "gender",
      "course",
      "courseSpecialisation",
      "collegeName",
      "location",
      "profileImg",
      "profileImgPending",
      "emailReminders",
    ],
  },
  // Stores a file only when one that passes every check comes (the fuzzer sends none such).
  "POST /api/v1/uploads/pending": { body: "form", fields: ["kind", "file"] },
  "POST /api/v1/user/oauth/google": { read: true, body: "none" },
  "GET /api/v1/user/oauth/session/google": { body: "none" },
  "GET /api/v1/event/details/:eventNumber": { read: true, body: "none" },
  "GET /api/v1/event/get-all": { read: true, body: "none" },
  "GET /api/v1/event/find": { read: true, body: "none" },
  "GET /api/v1/event/sitemap": { read: true, body: "none" },
  "GET /api/v1/my/event": { read: true, body: "none" },
  "GET /api/v1/event/content": { read: true, body: "none" },
  "POST /api/v1/event/create/:eventNumber/step1": {
    body: "form",
    fields: STEP1_FIELDS,
    editsOwnEvent: true,
  },
  "POST /api/v1/event/create/:eventNumber/step2": {
    body: "form",
    fields: STEP2_FIELDS,
    editsOwnEvent: true,
  },
  "POST /api/v1/event/create/:eventNumber/step3/:section": {
    body: "form",
    fields: STEP3_FIELDS,
    editsOwnEvent: true,
  },
  "GET /api/v1/event/create/:eventNumber/step3/activateEvent": { body: "none" },
  "POST /api/v1/event/create/:eventNumber/step3/activateEvent": {
    body: "form",
    fields: ["version", "status"],
  },
  // SPEC-2 §1-2: registration, teams, teammates. No event here is open for registration, so
  // every write is refused and nothing may change.
  "GET /api/v1/event/:eventNumber/registration": { read: true, body: "none" },
  "POST /api/v1/event/:eventNumber/register": {
    body: "form",
    fields: ["phone", "collegeName", "course", "teamName"],
  },
  "POST /api/v1/event/:eventNumber/team/join": {
    body: "form",
    fields: ["code", "phone", "collegeName", "course"],
  },
  "GET /api/v1/event/:eventNumber/team/preview": { read: true, body: "none" },
  "POST /api/v1/event/:eventNumber/team/leave": { body: "none" },
  "POST /api/v1/event/:eventNumber/unregister": { body: "none" },
  "POST /api/v1/event/:eventNumber/team/remove": { body: "form", fields: ["userId"] },
  "POST /api/v1/event/:eventNumber/team/code": { body: "none" },
  "GET /api/v1/event/:eventNumber/teammates": { read: true, body: "none" },
  "POST /api/v1/event/:eventNumber/teammates": { body: "form", fields: ["pitch"] },
  "POST /api/v1/event/:eventNumber/teammates/remove": { read: true, body: "none" },
  "GET /api/v1/event/:eventNumber/team/requests": { read: true, body: "none" },
  "POST /api/v1/event/:eventNumber/team/requests/:requestId/accept": { body: "none" },
  "POST /api/v1/event/:eventNumber/team/requests/:requestId/decline": { body: "none" },
  "POST /api/v1/event/:eventNumber/team/:teamId/requests": {
    body: "form",
    fields: ["message", "phone", "collegeName", "course"],
  },
  "GET /api/v1/my/registrations": { read: true, body: "none" },
  // SPEC-2 §3: saving may succeed on a published event; the feed link is made on first ask.
  "POST /api/v1/event/:eventNumber/save": { read: true, body: "none", mayChange: ["saves"] },
  "POST /api/v1/event/:eventNumber/unsave": { read: true, body: "none", mayChange: ["saves"] },
  "GET /api/v1/event/:eventNumber/calendar.ics": { read: true, body: "none" },
  "GET /api/v1/my/saved": { read: true, body: "none" },
  "GET /api/v1/my/numbers": { read: true, body: "none" },
  "GET /api/v1/user/calendar": { read: true, body: "none", mayChange: ["users"] },
  "POST /api/v1/user/calendar/reset": { read: true, body: "none", mayChange: ["users"] },
  "POST /api/v1/user/unsubscribe/:token": { body: "form", fields: ["List-Unsubscribe"] },
  "GET /api/v1/calendar/:file": { read: true, body: "none" },
  "POST /api/v1/feedback": {
    body: "form",
    fields: ["message", "rating"],
    accepts: { table: "feedback", owner: "userId" },
  },
  // SPEC-2 §4: the organiser's calls. Reads answer the creator; the writes below may succeed on
  // the caller's own draft (unpublish, duplicate), so they may change events but nothing else.
  "GET /api/v1/event/:eventNumber/announcements": { read: true, body: "none" },
  "GET /api/v1/event/:eventNumber/insights": {
    read: true,
    body: "none",
    mayChange: ["eventViews"],
  },
  "GET /api/v1/event/:eventNumber/registrations": { read: true, body: "none" },
  "GET /api/v1/event/:eventNumber/results": { read: true, body: "none" },
  "GET /api/v1/event/:eventNumber/results/board": { read: true, body: "none" },
  // Any title and message of the right length is valid: the caller's own event may take one.
  "POST /api/v1/event/:eventNumber/announcements": {
    read: true,
    body: "form",
    fields: ["title", "message"],
    mayChange: ["announcements", "announcementDays", "mailOutbox", "eventActivity"],
  },
  // Issue 45: the audiences' counts, an update's edit and delete, closing registration now, and
  // the caller's latest registration details.
  "GET /api/v1/event/:eventNumber/announcement-audiences": { read: true, body: "none" },
  "POST /api/v1/event/:eventNumber/announcements/:id": {
    read: true,
    body: "form",
    fields: ["title", "message"],
    mayChange: ["announcements", "eventActivity"],
  },
  "POST /api/v1/event/:eventNumber/announcements/:id/delete": {
    read: true,
    body: "none",
    mayChange: ["announcements", "eventActivity"],
  },
  "POST /api/v1/event/:eventNumber/close-registration": {
    read: true,
    body: "none",
    mayChange: ["events", "eventActivity"],
  },
  "GET /api/v1/my/registration-details": { read: true, body: "none" },
  "POST /api/v1/event/:eventNumber/rounds/:index/results": { body: "form", fields: ["advancing"] },
  // An empty list of winners is valid (it clears them).
  "POST /api/v1/event/:eventNumber/winners": {
    read: true,
    body: "form",
    fields: ["winners"],
    mayChange: ["eventWinners", "mailOutbox", "eventActivity"],
  },
  "POST /api/v1/event/:eventNumber/unpublish": {
    read: true,
    body: "none",
    mayChange: ["events", "eventActivity"],
  },
  "POST /api/v1/event/:eventNumber/duplicate": {
    read: true,
    body: "none",
    mayChange: ["events", "eventActivity"],
  },
  "POST /api/v1/event/:eventNumber/certificates": { body: "form", fields: ["kind"] },
  "GET /api/v1/event/:eventNumber/certificates": { read: true, body: "none" },
  "GET /api/v1/event/:eventNumber/certificates/pending": { read: true, body: "none" },
  "POST /api/v1/event/:eventNumber/certificates/:id/revoke": { body: "none" },
  "GET /api/v1/my/certificates": { read: true, body: "none" },
  // SPEC-4 §5: an empty form is a valid "keep my handle, profile off" (it writes the user row).
  "POST /api/v1/user/public-profile": {
    read: true,
    body: "form",
    fields: ["handle", "publicProfile"],
    mayChange: ["users", "handles"],
  },
  "GET /api/v1/u/:handle": { read: true, body: "none" },
  // SPEC-4 §4: a valid organisation may come; its handle's row comes with it.
  "POST /api/v1/orgs": {
    body: "form",
    fields: [
      "handle",
      "name",
      "college",
      "city",
      "about",
      "website",
      "instagram",
      "logo",
      "logoPending",
    ],
    accepts: { table: "organisations", owner: "ownerId" },
    mayChange: ["handles", "uploads"],
  },
  "GET /api/v1/orgs/sitemap": { read: true, body: "none" },
  "GET /api/v1/orgs/search": { read: true, body: "none" },
  "GET /api/v1/org/:handle": { read: true, body: "none" },
  "POST /api/v1/org/:handle": {
    body: "form",
    fields: ["name", "college", "city", "about", "website", "instagram", "logo", "logoPending"],
  },
  "POST /api/v1/org/:handle/follow": { body: "none" },
  "POST /api/v1/org/:handle/unfollow": { body: "none" },
  "GET /api/v1/my/following": { read: true, body: "none" },
  "GET /api/v1/my/orgs": { read: true, body: "none" },
  // SPEC-4 §4: admins and verification. Fuzzed strings hold no '@', so nothing is ever mailed.
  "GET /api/v1/org/:handle/events": { read: true, body: "none" },
  "GET /api/v1/org/:handle/calendar.ics": { read: true, body: "none" },
  "POST /api/v1/user/unsubscribe/:token/following": { body: "none" },
  "POST /api/v1/org/:handle/admins/invite": { body: "form", fields: ["email"] },
  "GET /api/v1/org/:handle/admins/invites": { read: true, body: "none" },
  "POST /api/v1/org/:handle/admins/:userId/remove": { body: "none" },
  "POST /api/v1/org/:handle/owner": { body: "form", fields: ["userId"] },
  "GET /api/v1/org-invite/:token": { read: true, body: "none" },
  "POST /api/v1/org-invite/:token/accept": { body: "none" },
  "POST /api/v1/org/:handle/verify": { body: "form", fields: ["email"] },
  "GET /api/v1/org-verify/:token": { read: true, body: "none" },
  "POST /api/v1/org-verify/:token": { body: "none" },
  "GET /api/v1/certificates/:file": { read: true, body: "none" },
  // SPEC-3 §5: tickets and check-in. A scan's answer, refusals included, is kept by its nonce;
  // the event's key pair is made on first use.
  "GET /api/v1/event/:eventNumber/ticket": { read: true, body: "none" },
  "GET /api/v1/event/:eventNumber/check-in": { read: true, body: "none" },
  "POST /api/v1/event/:eventNumber/check-in": {
    read: true,
    body: "form",
    fields: ["code", "shortCode", "memberId", "nonce"],
    mayChange: ["eventKeys", "checkInNonces"],
  },
  "POST /api/v1/event/:eventNumber/check-in/undo": { body: "form", fields: ["memberId"] },
  "GET /api/v1/event/:eventNumber/check-in/offline": {
    read: true,
    body: "none",
    mayChange: ["eventKeys"],
  },
  "POST /api/v1/event/:eventNumber/check-in/sync": {
    read: true,
    body: "json",
    fields: ["scans"],
    mayChange: ["eventKeys", "checkInNonces"],
  },
  // SPEC-3 §4: quiz rounds. No fuzzed event has a quiz round, so nothing is saved or started.
  "GET /api/v1/event/:eventNumber/rounds/:index/quiz": { read: true, body: "none" },
  "POST /api/v1/event/:eventNumber/rounds/:index/quiz": {
    body: "json",
    fields: ["timeLimitMinutes", "shuffle", "questions"],
  },
  "POST /api/v1/event/:eventNumber/rounds/:index/quiz/start": { body: "none" },
  "GET /api/v1/event/:eventNumber/rounds/:index/quiz/status": { read: true, body: "none" },
  "POST /api/v1/event/:eventNumber/rounds/:index/quiz/answer": {
    body: "json",
    fields: ["questionId", "answer"],
  },
  "POST /api/v1/event/:eventNumber/rounds/:index/quiz/submit": {
    body: "json",
    fields: ["answers"],
  },
  "GET /api/v1/event/:eventNumber/rounds/:index/quiz/result": { read: true, body: "none" },
  "GET /api/v1/event/:eventNumber/rounds/:index/quiz/leaderboard": { read: true, body: "none" },
  // SPEC-3 §3: judging. No fuzzed event has a submission round, so nothing is set up or scored.
  "POST /api/v1/event/:eventNumber/rounds/:index/judging": {
    body: "json",
    fields: ["criteria", "judges", "judgesPerSubmission", "blind", "shareFeedback"],
  },
  "GET /api/v1/event/:eventNumber/rounds/:index/judging": { read: true, body: "none" },
  "POST /api/v1/event/:eventNumber/rounds/:index/judging/open": { body: "none" },
  "POST /api/v1/event/:eventNumber/rounds/:index/judging/judges": {
    body: "form",
    fields: ["userId"],
  },
  // SPEC-4 §1-2: coupons (owner, admins) and the payer's payment.
  "GET /api/v1/event/:eventNumber/coupons": { read: true, body: "none" },
  "POST /api/v1/event/:eventNumber/coupons": {
    body: "form",
    fields: ["code", "kind", "value", "maxUses", "validUntil"],
  },
  "POST /api/v1/event/:eventNumber/coupons/:couponId/disable": { body: "none" },
  "GET /api/v1/event/:eventNumber/payment": { read: true, body: "none" },
  "POST /api/v1/event/:eventNumber/payment/claim": { body: "form", fields: ["utr", "screenshot"] },
  // SPEC-4 §3: confirming payments (owner, admins), the statement import, the payer's cancellation.
  "GET /api/v1/event/:eventNumber/payments": { read: true, body: "none" },
  "GET /api/v1/event/:eventNumber/payments.csv": { read: true, body: "none" },
  "GET /api/v1/event/:eventNumber/payments/lines": { read: true, body: "none" },
  "GET /api/v1/event/:eventNumber/payments/:paymentId/screenshot": { read: true, body: "none" },
  "POST /api/v1/event/:eventNumber/payments/:paymentId/confirm": { body: "none" },
  "POST /api/v1/event/:eventNumber/payments/:paymentId/reject": {
    body: "form",
    fields: ["reason"],
  },
  "POST /api/v1/event/:eventNumber/payments/:paymentId/refund": {
    body: "form",
    fields: ["refundUtr", "note"],
  },
  "POST /api/v1/event/:eventNumber/payments/import/preview": { body: "form", fields: ["file"] },
  "POST /api/v1/event/:eventNumber/payments/import": {
    body: "form",
    fields: ["file", "fileKey", "dateColumn", "amountColumn", "narrationColumn", "referenceColumn"],
  },
  "POST /api/v1/event/:eventNumber/payments/lines/:lineId/assign": {
    body: "form",
    fields: ["paymentId"],
  },
  "POST /api/v1/event/:eventNumber/cancel-paid": { body: "form", fields: ["refundUpiId"] },
  // SPEC-4 §3: the payer's receipt (a PDF).
  "GET /api/v1/event/:eventNumber/receipt": { read: true, body: "none" },
  "POST /api/v1/event/:eventNumber/rounds/:index/judging/close": { body: "none" },
  "GET /api/v1/event/:eventNumber/rounds/:index/judging/mine": { read: true, body: "none" },
  "POST /api/v1/event/:eventNumber/rounds/:index/submissions/:submissionId/score": {
    body: "json",
    fields: ["scores", "comment"],
  },
  "POST /api/v1/event/:eventNumber/rounds/:index/submissions/:submissionId/conflict": {
    body: "none",
  },
  "GET /api/v1/event/:eventNumber/rounds/:index/leaderboard": { read: true, body: "none" },
  "GET /api/v1/event/:eventNumber/rounds/:index/feedback": { read: true, body: "none" },
  // Issue 11: a step's text kept when the session ended. Only a well-formed form name and event
  // number with [name, value] pairs is kept, and taking needs the browser's stash cookie.
  "POST /api/v1/form-stash": { body: "json", fields: ["eventNumber", "form", "fields"] },
  "POST /api/v1/form-stash/take": { body: "json", fields: ["eventNumber", "form"] },
  // SPEC-3 §1: the team. No fuzzed e-mail is valid, no fuzzed member or invitation exists.
  "GET /api/v1/event/:eventNumber/organisers": { read: true, body: "none" },
  "POST /api/v1/event/:eventNumber/organisers/invite": { body: "form", fields: ["email", "role"] },
  "POST /api/v1/event/:eventNumber/organisers/invites/:inviteId/cancel": { body: "none" },
  "POST /api/v1/event/:eventNumber/organisers/:memberId": { body: "form", fields: ["role"] },
  "POST /api/v1/event/:eventNumber/organisers/:memberId/remove": { body: "none" },
  "GET /api/v1/event/:eventNumber/activity": { read: true, body: "none" },
  // SPEC-3 §2: submissions. The fuzzed event's rounds are offline, so a save is refused.
  "GET /api/v1/event/:eventNumber/rounds/:index/submission": { read: true, body: "none" },
  "POST /api/v1/event/:eventNumber/rounds/:index/submission": {
    body: "form",
    fields: ["title", "description", "links", "file", "filePending", "removeFile"],
  },
  "GET /api/v1/event/:eventNumber/rounds/:index/submissions": { read: true, body: "none" },
  "GET /api/v1/event/:eventNumber/rounds/:index/submissions.zip": { read: true, body: "none" },
  "GET /api/v1/event/:eventNumber/rounds/:index/submissions/:submissionId/file": {
    read: true,
    body: "none",
  },
  "GET /api/v1/organiser-invite/:token": { read: true, body: "none" },
  "POST /api/v1/organiser-invite/:token/accept": { body: "none" },
  // Last: deleting the caller's own draft would leave the routes after it nothing to aim at.
  "POST /api/v1/event/:eventNumber/delete": {
    read: true,
    body: "none",
    mayChange: [
      "events",
      "eventsSearch",
      "announcements",
      "announcementDays",
      "roundResults",
      "eventWinners",
      "eventViews",
      "saves",
      "jobs",
      "mailOutbox",
      "eventKeys",
      "checkInNonces",
      "eventOrganisers",
      "organiserInvites",
      "eventActivity",
    ],
  },
};

/** Values of every wrong shape; strings never hold an '@', so no fuzzed e-mail is ever valid. */
const hostileScalar = fc.oneof(
  fc.string({ maxLength: 40 }).filter((s) => !s.includes("@")),
  fc.constantFrom(
    "",
    " ",
    "\u0000",
    "null",
    "undefined",
    "NaN",
    "-1",
    "1e309",
    "<script>alert(1)</script>",
    "' OR 1=1 --",
    "../../etc/passwd",
    "%00",
    "\uD800",
    "𝕌𝕥𝕤𝕒𝕧",
  ),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constant("x".repeat(200_000)),
);
/** Rows of the list fields (contacts, dates, rounds, prizes) with their own keys, wrongly typed. */
const ROW_KEYS = [
  "name",
  "number",
  "dateTitle",
  "date",
  "title",
  "description",
  "startDate",
  "endDate",
  "isEliminatorRound",
  "rank",
  "cashAmount",
];
const hostileRow = fc.oneof(
  fc.dictionary(fc.constantFrom(...ROW_KEYS), hostileScalar, { maxKeys: 5 }),
  fc.constantFrom(null, 1, "x", true),
);
const hostileValue = fc.oneof(
  { weight: 4, arbitrary: hostileScalar },
  { weight: 1, arbitrary: fc.array(hostileScalar, { maxLength: 4 }) },
  { weight: 2, arbitrary: fc.array(hostileRow, { minLength: 1, maxLength: 3 }) },
  {
    weight: 1,
    arbitrary: fc.dictionary(fc.string({ maxLength: 8 }), hostileScalar, { maxKeys: 3 }),
  },
);
/** Keys a client must never be able to set, plus a few prototype tricks. */
const extraKey = fc.constantFrom(
  "madeBy",
  "_id",
  "id",
  "status",
  "email",
  "passwordHash",
  "emailVerifiedAt",
  "googleSub",
  "version",
  "__proto__",
  "constructor",
  "eventNumber",
);

/** Valid JSON, 50,000 objects deep: parses, but anything walking it recursively overflows. */
const DEEP_OBJECT = `${'{"a":'.repeat(50_000)}1${"}".repeat(50_000)}`;

const malformedJson = fc.constantFrom(
  "{",
  "[1,",
  '{"a":1}garbage',
  "\u0000",
  "undefined",
  "'single'",
  '{"__proto__":{"admin":true}}',
  `${"[".repeat(20_000)}${"]".repeat(20_000)}`,
  `{"a":"${"\\u0000".repeat(100)}"}`,
  DEEP_OBJECT,
  "",
);

type Encoded = { contentType?: string; body?: BodyInit };

/** As a form sends it: objects (fast-check makes them without a prototype) as JSON text. */
const asText = (v: unknown) =>
  typeof v === "object" && v !== null ? JSON.stringify(v) : String(v);

function encodeForm(record: Record<string, unknown>, multipart: boolean): Encoded {
  if (multipart) {
    const form = new FormData();
    for (const [k, v] of Object.entries(record)) {
      if (Array.isArray(v)) for (const item of v) form.append(k, asText(item));
      else form.append(k, asText(v));
    }
    // A file where text is expected and the reverse.
    form.append(
      Object.keys(record)[0] ?? "file",
      new File([new Uint8Array([0x3c, 0x68, 0x31, 0x3e])], "x.png", { type: "image/png" }),
    );
    return { body: form };
  }
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(record)) params.append(k, asText(v));
  return { contentType: "application/x-www-form-urlencoded", body: params.toString() };
}

function bodyArbitrary(route: RouteCase): fc.Arbitrary<Encoded> {
  const fields = route.fields ?? ["name"];
  const record = fc
    .tuple(
      fc.subarray(fields),
      fc.array(hostileValue, { minLength: fields.length, maxLength: fields.length }),
      fc.dictionary(extraKey, hostileValue, { maxKeys: 3 }),
    )
    .map(([present, values, extra]) => {
      const out: Record<string, unknown> = { ...extra };
      for (const [i, f] of present.entries()) out[f] = values[i];
      return out;
    });
  return fc.oneof(
    fc.constant<Encoded>({}),
    malformedJson.map((text) => ({ contentType: "application/json", body: text })),
    fc.jsonValue().map((v) => ({ contentType: "application/json", body: JSON.stringify(v) })),
    record.map((r) => ({ contentType: "application/json", body: JSON.stringify(r) })),
    record.map((r) => encodeForm(r, false)),
    record.map((r) => encodeForm(r, true)),
    fc
      .constantFrom(
        "text/plain",
        "application/xml",
        "multipart/form-data",
        "multipart/form-data; boundary=x",
        "application/json; charset=utf-16",
      )
      .map((contentType) => ({
        contentType,
        body: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--y--',
      })),
  );
}

/** Path parameters: real ones (our drafts, step-3 sections), empty-ish, traversal, encoded NULs, very long. */
const pathParam = (known: string[]) =>
  fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...known) },
    { weight: 1, arbitrary: fc.string({ minLength: 1, maxLength: 30 }) },
    fc.constantFrom(
      "..",
      "%2e%2e%2f",
      "%00",
      "00000",
      "99999",
      "12345",
      "-1",
      "a".repeat(5000),
      "%F0%9F%8E%89",
      "%ff",
      "undefined",
      "null",
    ),
    fc
      .string({ unit: fc.constantFrom(..."0123456789abcdef"), minLength: 40, maxLength: 40 })
      .map((h) => `${h}.png`),
  );
const queryString = fc.oneof(
  fc.constant(""),
  fc
    .dictionary(
      fc.constantFrom(
        "page",
        "limit",
        "q",
        "eventType",
        "modeOfEvent",
        "code",
        "state",
        "error",
        "type",
      ),
      fc.oneof(
        fc.string({ maxLength: 20 }),
        fc.constantFrom(
          "-1",
          "0",
          "1e9",
          "NaN",
          "x".repeat(10_000),
          "%",
          "[]",
          "a\u0000b",
          "\u0000",
        ),
      ),
      { maxKeys: 4 },
    )
    .map((q) => {
      const parts = Object.entries(q).map(([k, v]) => `${k}=${encodeURIComponent(v)}`);
      return parts.length ? `?${parts.join("&")}` : "";
    }),
  fc.constantFrom("?page=1&page=2", "?limit[]=1", "?%", "?q=%E0%A4%A", "?q=a%00b"),
);

function fillPath(template: string, values: string[]): string {
  let i = 0;
  return template.replace(/:[A-Za-z]+/g, () => {
    const v = values[i++] ?? "x";
    // A whole segment '.' or '..' is resolved by every client (WHATWG URL) before a server sees
    // it: '/announcements/../delete' is a request for '/delete', another route with other rules.
    // As a value it can only arrive with something after it, so send it that way.
    if (v === "." || v === "..") return `${v}%2F`;
    // Already-encoded samples stay as they are; everything else is encoded like a browser would.
    return /%[0-9A-Fa-f]{2}|%$/.test(v) ? v : encodeURIComponent(v);
  });
}

async function expectErrorShape(res: Response, context: string) {
  expect(res.status, context).toBeLessThan(500);
  if (res.status >= 400) {
    expect(res.headers.get("content-type"), context).toMatch(/application\/json/);
    const body = (await res.json()) as { message?: unknown };
    expect(typeof body.message, context).toBe("string");
    expect((body.message as string).length, context).toBeGreaterThan(0);
    expect(JSON.stringify(body), context).not.toMatch(/at .*\.ts:\d+|SQLITE_|syntax error|stack/i);
  } else {
    await res.arrayBuffer();
  }
}

describe.each(engines)("fuzzing every /api/v1 route on %s", (engine) => {
  let t: TestApi;
  let userId: string;
  let tables: string[];
  /** A draft of the signed-in user, one of someone else, and a published one of someone else. */
  let ownDraft: string;
  const othersDraft = "22222";
  const othersPublished = "33333";

  /** Every row of every table except the rate limit counters, as one comparable value. */
  async function snapshot(except: string[] = []): Promise<Record<string, string[]>> {
    const out: Record<string, string[]> = {};
    for (const table of tables) {
      if (except.includes(table)) continue;
      const rows = await t.db
        .selectFrom(table as "users")
        .selectAll()
        .execute();
      out[table] = rows.map((r) => JSON.stringify(r)).sort();
    }
    return out;
  }

  beforeAll(async () => {
    t = await createTestApi(engine, {
      config: { rateLimit: false },
      env: {
        GOOGLE_CLIENT_ID: "fuzz",
        GOOGLE_CLIENT_SECRET: "fuzz-secret",
        GOOGLE_AUTHORIZATION_URL: "http://127.0.0.1:9/authorize",
        GOOGLE_TOKEN_URL: "http://127.0.0.1:9/token",
        GOOGLE_USERINFO_URL: "http://127.0.0.1:9/userinfo",
        SESSION_SECRET: "fuzz-secret-fuzz-secret-fuzz-secret-1234",
      },
    });
    ({
      user: { id: userId },
    } = await createUserWithSession(t.deps));
    ownDraft = "11111";
    const { user: other } = await createUserWithSession(t.deps, { firstName: "Mallory" });
    const now = t.clock.now().toISOString();
    const base = {
      eventType: "Quizzes",
      eventName: "Brain Bowl",
      organisationName: "IIT Delhi",
      modeOfEvent: "Online",
      version: 1,
      createdAt: now,
      updatedAt: now,
    };
    await t.db
      .insertInto("events")
      .values([
        { ...base, eventNumber: ownDraft, madeBy: userId, status: "draft" },
        { ...base, eventNumber: othersDraft, madeBy: other.id, status: "draft" },
        { ...base, eventNumber: othersPublished, madeBy: other.id, status: "active" },
      ])
      .execute();
    const all = await t.db.introspection.getTables();
    // Search indexes are derived from events (and FTS5 keeps its own shadow tables): not compared.
    tables = all
      .map((x) => x.name)
      .filter((n) => !/^kysely_|^eventsSearch|^eventsFind|^rateLimits$/.test(n));
    expect(tables).toEqual(expect.arrayContaining([...CORE_TABLES, "feedback"]));
  });
  afterAll(() => t.close());

  it("the fuzzed list is every route the app has", () => {
    const actual = t.api.routes
      .filter((r) => r.method !== "ALL")
      .map((r) => `${r.method} ${r.path}`);
    expect([...new Set(actual)].sort()).toEqual(Object.keys(ROUTES).sort());
  });

  for (const [key, route] of Object.entries(ROUTES)) {
    const [method, template] = key.split(" ");
    const paramNames = template.match(/:[A-Za-z]+/g) ?? [];
    // Saves reach their deepest checks only on the caller's own draft, signed in: aim there most.
    const deep = !!route.editsOwnEvent;

    it(`${key}: hostile input gets a clear 4xx and stores nothing`, async () => {
      // fast-check names the seed of a failing property, but not of one that never returns (a
      // regular expression that backtracks for minutes): say it here so any failure can be rerun.
      const seed = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
      onTestFailed(() => console.error(`${key}: rerun with FUZZ_SEED=${seed}`));
      await fc.assert(
        fc.asyncProperty(
          fc.tuple(
            ...paramNames.map((name) =>
              name === ":eventNumber"
                ? fc.oneof(
                    { weight: deep ? 8 : 2, arbitrary: fc.constant(ownDraft) },
                    { weight: 1, arbitrary: pathParam([othersDraft, othersPublished]) },
                  )
                : name === ":section"
                  ? fc.oneof(
                      { weight: 8, arbitrary: fc.constantFrom(...STEP3_SECTIONS) },
                      { weight: 1, arbitrary: pathParam(["x"]) },
                    )
                  : pathParam([ownDraft]),
            ),
          ),
          queryString,
          bodyArbitrary(route),
          deep
            ? fc.oneof(
                { weight: 6, arbitrary: fc.constant(true) },
                { weight: 1, arbitrary: fc.constant(false) },
              )
            : fc.boolean(),
          async (params, query, encoded, signedIn) => {
            const cookie = signedIn
              ? `utsav_session=${await createSession(t.deps, userId)}`
              : undefined;
            const before = await snapshot(route.mayChange);
            const headers: Record<string, string> = {};
            if (encoded.contentType) headers["Content-Type"] = encoded.contentType;
            const path = fillPath(template, params).replace(/^\/api\/v1/, "") + query;
            const res = await t.request(path, {
              method,
              headers,
              body: method === "GET" ? undefined : encoded.body,
              cookie,
            });
            const context = `${method} ${path} ${encoded.contentType ?? ""} ${String(encoded.body ?? "").slice(0, 200)} → ${res.status}`;
            await expectErrorShape(res, context);
            const after = await snapshot(route.mayChange);
            if (route.accepts && res.status < 300) {
              const { table, owner } = route.accepts;
              const added = after[table]
                .filter((r) => !before[table].includes(r))
                .map((r) => JSON.parse(r));
              expect(added, context).toHaveLength(1);
              expect(added[0][owner], context).toBe(userId);
              expect({ ...after, [table]: before[table] }, context).toEqual(before);
              return;
            }
            if (route.editsOwnEvent && res.status < 300) {
              // A valid save: only the caller's own draft changed, and never its owner, number or status.
              const own = (rows: string[]) =>
                rows.map((r) => JSON.parse(r)).filter((r) => r.eventNumber === ownDraft);
              const [was] = own(before.events);
              const [now] = own(after.events);
              expect(now, context).toMatchObject({
                id: was.id,
                madeBy: userId,
                status: "draft",
                eventNumber: ownDraft,
              });
              expect(
                after.events.filter((r) => JSON.parse(r).eventNumber !== ownDraft),
                context,
              ).toEqual(before.events.filter((r) => JSON.parse(r).eventNumber !== ownDraft));
              // The save's line in the team's activity log comes with it.
              expect({ ...after, events: [], uploads: [], eventActivity: [] }, context).toEqual({
                ...before,
                events: [],
                uploads: [],
                eventActivity: [],
              });
              return;
            }
            if (!route.read) expect(res.status, context).toBeGreaterThanOrEqual(400);
            expect(after, context).toEqual(before);
          },
        ),
        { numRuns: Number(process.env.FUZZ_RUNS ?? (deep ? 150 : 50)), seed },
      );
    });
  }

  it("known crafted inputs on every route (a NUL in the query, JSON 50,000 objects deep) get a 4xx, never a 500", async () => {
    for (const [key, route] of Object.entries(ROUTES)) {
      const [method, template] = key.split(" ");
      const path = template
        .replace(/^\/api\/v1/, "")
        .replace(":eventNumber", ownDraft)
        .replace(":section", "aboutEvent")
        .replace(":id", userId)
        .replace(":token", "x".repeat(43))
        .replace(":key", `${"0".repeat(40)}.png`);
      const bodies: (string | undefined)[] =
        method === "GET"
          ? [undefined]
          : [DEEP_OBJECT, `{"${route.fields?.[0] ?? "a"}":${DEEP_OBJECT}}`];
      for (const query of ["?q=a%00b", "?q=%00", "?q=%1F&page=%00"]) {
        for (const body of bodies) {
          // A fresh session each time: the logout route ends the one it is sent.
          const cookie = `utsav_session=${await createSession(t.deps, userId)}`;
          const unchecked = [...(route.mayChange ?? []), "sessions"];
          const before = await snapshot(unchecked);
          const res = await t.request(path + query, {
            method,
            headers: body ? { "Content-Type": "application/json" } : {},
            body,
            cookie,
          });
          const context = `${method} ${path}${query} ${body?.slice(0, 20) ?? ""} → ${res.status}`;
          await expectErrorShape(res, context);
          if (!route.read) expect(res.status, context).toBeGreaterThanOrEqual(400);
          expect(await snapshot(unchecked), context).toEqual(before);
        }
      }
    }
  }, 300_000);

  it("every path answers a wrong method with 405 (or 404) and the message shape", async () => {
    const methods = ["GET", "POST", "PUT", "PATCH", "DELETE"];
    for (const [key] of Object.entries(ROUTES)) {
      const [method, template] = key.split(" ");
      const allowed = Object.keys(ROUTES)
        .filter((k) => k.endsWith(` ${template}`))
        .map((k) => k.split(" ")[0]);
      const path = fillPath(template, ["00000", "a".repeat(32)]).replace(/^\/api\/v1/, "");
      for (const wrong of methods.filter((m) => !allowed.includes(m))) {
        const before = await snapshot();
        const res = await t.request(path, {
          method: wrong,
          json: wrong === "GET" ? undefined : { madeBy: "x" },
        });
        const context = `${wrong} ${path} (route ${method})`;
        expect([404, 405], context).toContain(res.status);
        await expectErrorShape(res, context);
        if (res.status === 405) expect(res.headers.get("allow"), context).toBeTruthy();
        expect(await snapshot(), context).toEqual(before);
      }
    }
  });

  it("a JSON body nested 100,000 deep is a 400, not a crashed stack", async () => {
    const deep = `${"[".repeat(100_000)}${"]".repeat(100_000)}`;
    const res = await t.request("/user/login", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: deep,
    });
    expect(res.status).toBe(400);
    await expectErrorShape(res, "deep JSON");
  });

  it("extra fields such as _id, email, madeBy and status in a profile update are ignored", async () => {
    const { user, cookie } = await createUserWithSession(t.deps);
    const form = new FormData();
    const fields = {
      firstName: "Ravi",
      gender: "male",
      course: "B.Tech",
      courseSpecialisation: "Mechanical",
      collegeName: "NIT Trichy",
      location: "Tiruchirappalli",
      _id: "someone-else",
      id: "someone-else",
      email: "attacker@example.com",
      emailVerifiedAt: "",
      passwordHash: "x",
      googleSub: "attacker",
      madeBy: "x",
      status: "active",
    };
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    const res = await t.request("/user/profile", { method: "POST", body: form, cookie });
    expect(res.status).toBe(200);
    const row = await t.db
      .selectFrom("users")
      .selectAll()
      .where("id", "=", user.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      id: user.id,
      email: user.email,
      passwordHash: null,
      googleSub: null,
      firstName: "Ravi",
    });
    expect(row.emailVerifiedAt).toBe(user.emailVerifiedAt);
    expect(
      await t.db.selectFrom("users").select("id").where("id", "=", "someone-else").execute(),
    ).toHaveLength(0);
  });

  it("a rate-limited route still answers the message shape (429 with Retry-After)", async () => {
    const limited = await createTestApi(engine);
    try {
      let last: Response | null = null;
      for (let i = 0; i < 60; i++) {
        last = await limited.request("/user/login", {
          json: { email: `x${i}@example.com`, password: 3 },
        });
        if (last.status === 429) break;
      }
      expect(last!.status).toBe(429);
      expect(last!.headers.get("retry-after")).toBeTruthy();
      await expectErrorShape(last!, "429");
    } finally {
      await limited.close();
    }
  });
});
