import type { EventData } from "#server/contracts/event-shape";
import {
  type ClosedReason,
  joinCodeSchema,
  REGISTRATION_MESSAGES as M,
  type RegistrationData,
  type RegistrationState,
  type TeamData,
} from "#server/contracts/registration";
import type { ExpressionBuilder } from "kysely";
import type { Db } from "#server/db/connect";
import type { Database, EventRow, RegistrationRow, UserRow } from "#server/db/schema";
import type { Deps } from "#server/lib/deps";
import { conflict, notFound } from "#server/lib/errors";
import { eventOrgOf, toEventJson } from "#server/services/events/event-json";
import { roleOn, visibleEvent } from "#server/services/team/permissions";
import { TEAM_MESSAGES } from "#server/contracts/team";
import { placePayment } from "#server/services/payments/payment-read";

export type RegDeps = Pick<Deps, "db" | "clock" | "mail" | "config">;

/** Before the window, inside it, after it: the window is startDate to endDate, both included. */
export function windowState(row: EventRow, now: Date): "not-open-yet" | "open" | "closed" {
  const t = now.getTime();
  if (!row.startDate || t < Date.parse(row.startDate)) return "not-open-yet";
  if (!row.endDate || t > Date.parse(row.endDate)) return "closed";
  return "open";
}

/** Why registration is not open, or null when it is (SPEC-2 §1, in this order). */
export function closedReason(row: EventRow, now: Date): ClosedReason | null {
  if (row.status !== "active") return "draft";
  if (row.registrationMode === "website") return "website";
  const window = windowState(row, now);
  if (window !== "open") return window;
  if (row.capacity !== null && row.registrationCount >= row.capacity) return "full";
  return null;
}

/**
 * The registration (individual or team) a person is in for an event, if any. With `registered`,
 * only when their place is free or paid, not held for payment (SPEC-4): what submissions, judging
 * and the leaderboard go by.
 */
export async function findRegistrationOf(
  db: Db,
  eventId: number,
  userId: string,
  { registered = false }: { registered?: boolean } = {},
): Promise<RegistrationRow | undefined> {
  return db
    .selectFrom("registrationMembers as m")
    .innerJoin("registrations as r", "r.id", "m.registrationId")
    .selectAll("r")
    .where("m.eventId", "=", eventId)
    .where("m.userId", "=", userId)
    .$if(registered, (q) => q.where("m.held", "=", 0))
    .executeTakeFirst();
}

type MemberWithName = {
  userId: string;
  phone: string;
  collegeName: string;
  course: string;
  joinedAt: string;
  firstName: string;
  lastName: string | null;
  held: number;
};

async function membersOf(db: Db, registrationIds: string[]) {
  if (!registrationIds.length) return new Map<string, MemberWithName[]>();
  const rows = await db
    .selectFrom("registrationMembers as m")
    .innerJoin("users as u", "u.id", "m.userId")
    .select([
      "m.registrationId",
      "m.userId",
      "m.phone",
      "m.collegeName",
      "m.course",
      "m.joinedAt",
      "m.held",
      "u.firstName",
      "u.lastName",
    ])
    .where("m.registrationId", "in", registrationIds)
    .orderBy("m.joinedAt")
    .orderBy("m.userId")
    .execute();
  const byId = new Map<string, MemberWithName[]>();
  for (const { registrationId, ...m } of rows)
    byId.set(registrationId, [...(byId.get(registrationId) ?? []), m]);
  return byId;
}

function teamOf(
  reg: RegistrationRow,
  event: Pick<EventRow, "minTeam" | "maxTeam">,
  members: MemberWithName[],
  viewerId: string | null,
): TeamData {
  const minTeam = event.minTeam ?? 1;
  return {
    _id: reg.id,
    name: reg.teamName ?? "",
    code: members.some((m) => m.userId === viewerId) ? reg.code : null,
    leaderId: reg.leaderId,
    members: members.map((m) => ({
      _id: m.userId,
      firstName: m.firstName,
      lastName: m.lastName,
      collegeName: m.collegeName,
      isLeader: m.userId === reg.leaderId,
      paymentPending: m.held === 1,
    })),
    size: reg.size,
    minTeam,
    maxTeam: event.maxTeam ?? reg.size,
    complete: reg.size >= minTeam,
  };
}

function toRegistration(
  reg: RegistrationRow,
  event: Pick<EventRow, "minTeam" | "maxTeam">,
  members: MemberWithName[],
  userId: string,
): RegistrationData | null {
  const me = members.find((m) => m.userId === userId);
  if (!me) return null;
  return {
    _id: reg.id,
    type: reg.type,
    phone: me.phone,
    collegeName: me.collegeName,
    course: me.course,
    registeredAt: me.joinedAt,
    payment: null,
    team: reg.type === "team" ? teamOf(reg, event, members, userId) : null,
  };
}

/** The caller's registration for the event as the API answers it, or null. */
export async function registrationFor(
  db: Db,
  event: EventRow,
  userId: string,
): Promise<RegistrationData | null> {
  const reg = await findRegistrationOf(db, event.id, userId);
  if (!reg) return null;
  const [members, payment] = await Promise.all([
    membersOf(db, [reg.id]).then((m) => m.get(reg.id) ?? []),
    placePayment(db, reg.id, userId),
  ]);
  const registration = toRegistration(reg, event, members, userId);
  return registration && { ...registration, payment };
}

/** A team as the API answers it; the code only when the viewer is a member. */
export async function teamFor(
  db: Db,
  event: EventRow,
  registrationId: string,
  viewerId: string | null,
): Promise<TeamData> {
  const reg = await db
    .selectFrom("registrations")
    .selectAll()
    .where("id", "=", registrationId)
    .where("eventId", "=", event.id)
    .executeTakeFirst();
  if (!reg) throw notFound("Team not found");
  const members = (await membersOf(db, [reg.id])).get(reg.id) ?? [];
  return teamOf(reg, event, members, viewerId);
}

/**
 * GET /event/{n}/team/preview?code=: the team a code opens, as someone about to join sees it
 * (name, leader, members, size of maxTeam; never the code). The code is the key, as for joining:
 * an unknown one is 404 'Team not found'.
 */
export async function teamByCode(
  deps: Pick<Deps, "db">,
  user: UserRow,
  eventNumber: string,
  rawCode: string | undefined,
): Promise<TeamData> {
  const event = await visibleEvent(deps, eventNumber, user);
  const code = joinCodeSchema.safeParse(rawCode ?? "");
  if (event.participationType !== "team" || !code.success) throw notFound(M.teamNotFound);
  const teamId = await teamIdByCode(deps.db, event, code.data);
  return { ...(await teamFor(deps.db, event, teamId, user.id)), code: null };
}

/** The id of the event's team holding a code (upper case), or 404 'Team not found'. */
export async function teamIdByCode(db: Db, event: EventRow, code: string): Promise<string> {
  const team = await db
    .selectFrom("registrations")
    .select("id")
    .where("eventId", "=", event.id)
    .where("code", "=", code)
    .executeTakeFirst();
  if (!team) throw notFound(M.teamNotFound);
  return team.id;
}

/** SPEC-3 §1: the event's own team (the owner too) cannot register for it, nor join a team of it. */
export async function checkNotOrganiser(db: Db, event: EventRow, userId: string): Promise<void> {
  if ((await roleOn(db, event, userId)) !== null) throw conflict(TEAM_MESSAGES.organiserRegister);
}

/** GET /event/{n}/registration. */
export async function getRegistrationState(
  deps: Pick<Deps, "db" | "clock">,
  eventNumber: string,
  viewer: UserRow | null,
): Promise<RegistrationState> {
  const event = await visibleEvent(deps, eventNumber, viewer);
  const reason = closedReason(event, deps.clock.now());
  const state = {
    open: reason === null,
    reason,
    registrationCount: event.registrationCount,
    capacity: event.capacity,
  };
  if (!viewer) return { ...state, mine: null };
  // Signed in, also the viewer's role on the team (SPEC-3 §1), as /event/details gives it.
  const [mine, myRole] = await Promise.all([
    registrationFor(deps.db, event, viewer.id),
    roleOn(deps.db, event, viewer.id),
  ]);
  return { ...state, mine, myRole };
}

/**
 * GET /my/registrations: the published events the user registered for, open ones first by the
 * nearest deadline, then the closed ones, most recent deadline first.
 */
export async function myRegistrations(
  deps: Pick<Deps, "db" | "clock">,
  user: UserRow,
): Promise<{ event: EventData; registration: RegistrationData }[]> {
  const rows = await deps.db
    .selectFrom("registrationMembers as m")
    .innerJoin("registrations as r", "r.id", "m.registrationId")
    .innerJoin("events as e", "e.id", "r.eventId")
    .selectAll("e")
    .select(["r.id as registrationId"])
    .where("m.userId", "=", user.id)
    .where("e.status", "=", "active")
    .limit(500)
    .execute();
  const regs = await deps.db
    .selectFrom("registrations")
    .selectAll()
    .where("id", "in", rows.length ? rows.map((r) => r.registrationId) : ["-"])
    .execute();
  const members = await membersOf(
    deps.db,
    regs.map((r) => r.id),
  );
  const now = deps.clock.now().getTime();
  const orgs = new Map<number, Awaited<ReturnType<typeof eventOrgOf>>>();
  for (const { orgId } of rows)
    if (orgId != null && !orgs.has(orgId)) orgs.set(orgId, await eventOrgOf(deps.db, orgId));
  const out = rows.flatMap(({ registrationId, ...event }) => {
    const reg = regs.find((r) => r.id === registrationId);
    const registration = reg && toRegistration(reg, event, members.get(reg.id) ?? [], user.id);
    const org = event.orgId != null ? (orgs.get(event.orgId) ?? null) : null;
    return registration ? [{ event: toEventJson(event, org, deps.clock.now()), registration }] : [];
  });
  // SPEC-4: a place held for payment shows 'Complete your payment' there.
  await Promise.all(
    out.map(async (o) => {
      if (o.event.fee > 0 || o.registration.team?.members.some((m) => m.paymentPending))
        o.registration.payment = await placePayment(deps.db, o.registration._id, user.id);
    }),
  );
  const end = (e: EventData) => (e.endDate ? Date.parse(e.endDate) : 0);
  return out.sort((a, b) => {
    const aOpen = end(a.event) >= now;
    const bOpen = end(b.event) >= now;
    if (aOpen !== bOpen) return aOpen ? -1 : 1;
    return aOpen ? end(a.event) - end(b.event) : end(b.event) - end(a.event);
  });
}

/**
 * For a where(): the person in `userRef` has not registered for the event (no member row of
 * `eventId`), so requests and listings of people who have registered since drop out.
 */
export function notRegistered(eventId: number, userRef: "q.userId" | "l.userId") {
  return ({ not, exists, selectFrom }: ExpressionBuilder<Database, any>) =>
    not(
      exists(
        selectFrom("registrationMembers as m")
          .select("m.userId")
          .whereRef("m.userId", "=", userRef)
          .where("m.eventId", "=", eventId),
      ),
    );
}
