import {
  PROFILE_MESSAGES,
  type ProfileEvent,
  type PublicProfile,
} from "#server/contracts/profiles";
import type { Db } from "#server/db/connect";
import type { EventRow } from "#server/db/schema";
import type { Deps } from "#server/lib/deps";
import { notFound } from "#server/lib/errors";
import { roundsOf } from "#server/services/rounds/rounds";
import { fileUrl } from "#server/services/uploads/uploads";
import { orgsRunBy } from "#server/services/orgs/org-access";
import { looksLikeHandle } from "./handles";

/** A person's registrations read at most: far past anyone's years at college. */
const MAX_EVENTS = 500;

type EventPart = Pick<
  EventRow,
  "id" | "eventNumber" | "eventName" | "organisationName" | "endDate" | "rounds"
>;

/** When the event is over: its registration window and every round have ended (null: never set). */
function endedAt(event: EventPart): string | null {
  const ends = [event.endDate, ...roundsOf(event).map((r) => r.endDate)].filter(
    (d): d is string => !!d && !Number.isNaN(Date.parse(d)),
  );
  if (!ends.length) return null;
  return new Date(Math.max(...ends.map((d) => Date.parse(d)))).toISOString();
}

function eventOf(event: EventPart): ProfileEvent {
  return {
    eventNumber: event.eventNumber,
    eventName: event.eventName ?? "",
    organisationName: event.organisationName,
    endedAt: endedAt(event),
  };
}

/**
 * What the person took part in (SPEC-4 §5): the published events they are registered for (a
 * member row: registered, not cancelled; a cancelled place has none), with their registration.
 */
async function registeredEvents(db: Db, userId: string) {
  return db
    .selectFrom("registrationMembers as m")
    .innerJoin("events as e", "e.id", "m.eventId")
    .select([
      "e.id",
      "e.eventNumber",
      "e.eventName",
      "e.organisationName",
      "e.endDate",
      "e.rounds",
      "m.registrationId",
    ])
    .where("m.userId", "=", userId)
    .where("e.status", "=", "active")
    .limit(MAX_EVENTS)
    .execute();
}

const newestFirst = (a: ProfileEvent, b: ProfileEvent) =>
  (b.endedAt ?? "").localeCompare(a.endedAt ?? "") || a.eventNumber.localeCompare(b.eventNumber);

/**
 * GET /u/{handle} (SPEC-4 §5): 404 unless the person made it public. Only what the spec lists:
 * never an e-mail, phone or team code (nothing here selects them).
 */
export async function getPublicProfile(
  deps: Pick<Deps, "db" | "clock">,
  handle: string,
): Promise<PublicProfile> {
  const user = looksLikeHandle(handle)
    ? await deps.db
        .selectFrom("users")
        .select(["id", "handle", "firstName", "lastName", "profileImg", "collegeName", "course"])
        .where("handle", "=", handle)
        .where("publicProfile", "=", 1)
        .executeTakeFirst()
    : undefined;
  if (!user?.handle) throw notFound(PROFILE_MESSAGES.notFound);
  const now = deps.clock.now().getTime();
  const events = await registeredEvents(deps.db, user.id);
  const byRegistration = new Map(events.map((e) => [e.registrationId, e]));
  const ids = events.length ? [...byRegistration.keys()] : ["-"];
  const [advanced, wins, certificates, orgs] = await Promise.all([
    deps.db
      .selectFrom("roundResults")
      .select(["registrationId", "roundIndex"])
      .where("registrationId", "in", ids)
      .where("advanced", "=", 1)
      .execute(),
    deps.db
      .selectFrom("eventWinners")
      .select(["registrationId", "rank"])
      .where("registrationId", "in", ids)
      .execute(),
    deps.db
      .selectFrom("certificates")
      .select(["id", "kind", "rank", "eventNumber", "eventName", "organisationName", "issuedAt"])
      .where("userId", "=", user.id)
      .where("revokedAt", "is", null)
      .orderBy("issuedAt", "desc")
      .orderBy("id")
      .execute(),
    orgsRunBy(deps.db, user.id),
  ]);
  const takenPart = events
    .map(eventOf)
    .filter((e) => e.endedAt !== null && Date.parse(e.endedAt) < now)
    .sort(newestFirst);
  const results = advanced.flatMap((r) => {
    const event = byRegistration.get(r.registrationId);
    const round = event && roundsOf(event)[r.roundIndex];
    return event && round
      ? [{ ...eventOf(event), roundIndex: r.roundIndex, round: round.title }]
      : [];
  });
  results.sort((a, b) => newestFirst(a, b) || a.roundIndex - b.roundIndex);
  const winRows = wins.flatMap((w) => {
    const event = byRegistration.get(w.registrationId);
    return event ? [{ ...eventOf(event), rank: w.rank }] : [];
  });
  winRows.sort((a, b) => newestFirst(a, b) || a.rank - b.rank);
  return {
    handle: user.handle,
    firstName: user.firstName,
    lastName: user.lastName,
    avatar:
      user.profileImg && /^https?:\/\//.test(user.profileImg)
        ? user.profileImg
        : fileUrl(user.profileImg),
    collegeName: user.collegeName,
    course: user.course,
    takenPart,
    results,
    wins: winRows,
    certificates: certificates.map((c) => ({
      _id: c.id,
      url: `/certificate/${c.id}`,
      kind: c.kind,
      rank: c.kind === "merit" ? c.rank : 0,
      eventNumber: c.eventNumber,
      eventName: c.eventName,
      organisationName: c.organisationName,
      issuedAt: c.issuedAt,
    })),
    orgs: orgs.map((o) => ({
      handle: o.handle,
      name: o.name,
      logo: fileUrl(o.logo),
      role: o.role,
    })),
  };
}
