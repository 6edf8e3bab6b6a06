import {
  REGISTRATION_MESSAGES as M,
  type PersonListing,
  pitchSchema,
  type TeamListing,
  type TeammatesBoard,
} from "#server/contracts/registration";
import { dropEmpty } from "#server/contracts/user";
import type { EventRow, UserRow } from "#server/db/schema";
import { conflict, parseBody } from "#server/lib/errors";
import { findRegistrationOf, notRegistered, type RegDeps } from "./registration-read";
import { checkCanRegister } from "./registrations";
import { visibleEvent } from "#server/services/team/permissions";

/**
 * The teammates board (SPEC-2 §2). A listing is a row per person and event: a person without a
 * team (registrationId null) or a leader's team. What leaves the board does so as it is read: a
 * person in a team, a full team, a listing whose poster no longer leads the team, and everything
 * once registration has closed. No e-mail address or phone is ever part of it.
 */
const BOARD_LIMIT = 200;

function boardOpen(event: EventRow, now: Date): boolean {
  return (
    event.status === "active" &&
    event.registrationMode === "utsav" &&
    event.participationType === "team" &&
    !!event.endDate &&
    now.getTime() <= Date.parse(event.endDate)
  );
}

async function peopleOf(deps: RegDeps, event: EventRow, userId?: string): Promise<PersonListing[]> {
  let q = deps.db
    .selectFrom("teammateListings as l")
    .innerJoin("users as u", "u.id", "l.userId")
    .select([
      "l.userId",
      "u.firstName",
      "u.lastName",
      "u.collegeName",
      "u.course",
      "l.pitch",
      "l.postedAt",
    ])
    .where("l.eventId", "=", event.id)
    .where("l.registrationId", "is", null)
    .where(notRegistered(event.id, "l.userId"));
  if (userId) q = q.where("l.userId", "=", userId);
  return q.orderBy("l.postedAt", "desc").limit(BOARD_LIMIT).execute();
}

async function teamsOf(deps: RegDeps, event: EventRow, userId?: string): Promise<TeamListing[]> {
  let q = deps.db
    .selectFrom("teammateListings as l")
    .innerJoin("registrations as r", "r.id", "l.registrationId")
    .innerJoin("users as u", "u.id", "r.leaderId")
    .innerJoin("registrationMembers as m", (j) =>
      j.onRef("m.registrationId", "=", "r.id").onRef("m.userId", "=", "r.leaderId"),
    )
    .select([
      "r.id as _id",
      "r.teamName as name",
      "r.size",
      "u.firstName as leaderFirstName",
      "m.collegeName",
      "l.pitch",
      "l.postedAt",
    ])
    .where("l.eventId", "=", event.id)
    .whereRef("r.leaderId", "=", "l.userId")
    .where("r.size", "<", event.maxTeam ?? 0);
  if (userId) q = q.where("l.userId", "=", userId);
  const rows = await q.orderBy("l.postedAt", "desc").limit(BOARD_LIMIT).execute();
  return rows.map((r) => ({ ...r, name: r.name ?? "", maxTeam: event.maxTeam ?? r.size }));
}

/** GET /event/{n}/teammates. */
export async function teammatesBoard(
  deps: RegDeps,
  user: UserRow,
  eventNumber: string,
): Promise<TeammatesBoard> {
  const event = await visibleEvent(deps, eventNumber, user);
  if (!boardOpen(event, deps.clock.now())) return { people: [], teams: [], requested: [] };
  const [people, teams, requested] = await Promise.all([
    peopleOf(deps, event),
    teamsOf(deps, event),
    deps.db
      .selectFrom("joinRequests")
      .select("registrationId")
      .where("eventId", "=", event.id)
      .where("userId", "=", user.id)
      .where("status", "=", "pending")
      .execute(),
  ]);
  return { people, teams, requested: requested.map((r) => r.registrationId) };
}

/**
 * POST /event/{n}/teammates: list oneself (not in a team) or one's team (a leader with room).
 * Posting again replaces the pitch.
 */
export async function postListing(
  deps: RegDeps,
  user: UserRow,
  eventNumber: string,
  body: Record<string, unknown>,
): Promise<PersonListing | TeamListing> {
  const event = await visibleEvent(deps, eventNumber, user);
  const { pitch } = parseBody(pitchSchema, dropEmpty(body));
  if (event.participationType !== "team") throw conflict(M.noTeams);
  checkCanRegister(event, deps.clock.now(), true);
  const reg = await findRegistrationOf(deps.db, event.id, user.id);
  if (reg && reg.leaderId !== user.id) throw conflict(M.inTeam);
  if (reg && reg.size >= (event.maxTeam ?? 0)) throw conflict(M.teamFull);
  const now = deps.clock.now().toISOString();
  const row = {
    eventId: event.id,
    userId: user.id,
    registrationId: reg?.id ?? null,
    pitch,
    postedAt: now,
  };
  await deps.db
    .insertInto("teammateListings")
    .values(row)
    .onConflict((oc) =>
      oc.columns(["eventId", "userId"]).doUpdateSet({
        registrationId: row.registrationId,
        pitch,
        postedAt: now,
      }),
    )
    .execute();
  const listing = reg
    ? (await teamsOf(deps, event, user.id))[0]
    : (await peopleOf(deps, event, user.id))[0];
  // Joined or filled between the checks and the write: the board would not show it.
  if (!listing) throw conflict(reg ? M.teamFull : M.inTeam);
  return listing;
}

/** POST /event/{n}/teammates/remove: takes the caller's listing off the board. */
export async function removeListing(
  deps: RegDeps,
  user: UserRow,
  eventNumber: string,
): Promise<{ message: string }> {
  const event = await visibleEvent(deps, eventNumber, user);
  await deps.db
    .deleteFrom("teammateListings")
    .where("eventId", "=", event.id)
    .where("userId", "=", user.id)
    .execute();
  return { message: "Your listing is off the board" };
}
