import {
  type JoinRequestData,
  joinRequestSchema,
  REGISTRATION_MESSAGES as M,
  type TeamData,
} from "#server/contracts/registration";
import { dropEmpty } from "#server/contracts/user";
import { constraintViolation } from "#server/db/errors";
import type { UserRow } from "#server/db/schema";
import { newId } from "#server/lib/crypto";
import { conflict, notFound, parseBody } from "#server/lib/errors";
import { joinRequestMail, turnedAwayMail } from "#server/mail/registration-mails";
import {
  checkNotOrganiser,
  findRegistrationOf,
  notRegistered,
  type RegDeps,
  teamFor,
} from "./registration-read";
import { ledTeam } from "./registration-team";
import { addToTeam, checkCanRegister } from "./registrations";
import { visibleEvent } from "#server/services/team/permissions";

/** Requests to join a team from the teammates board (SPEC-2 §2). */

const REQUEST_COLUMNS = [
  "q.id as _id",
  "q.registrationId as teamId",
  "q.userId",
  "u.firstName",
  "u.lastName",
  "q.collegeName",
  "q.course",
  "q.message",
  "q.status",
  "q.createdAt",
] as const;

/** POST /event/{n}/team/{teamId}/requests: asks the team's leader, who is mailed. */
export async function requestToJoin(
  deps: RegDeps,
  user: UserRow,
  eventNumber: string,
  teamId: string,
  body: Record<string, unknown>,
): Promise<JoinRequestData> {
  const event = await visibleEvent(deps, eventNumber, user);
  const input = parseBody(joinRequestSchema, dropEmpty(body));
  if (event.participationType !== "team") throw notFound(M.teamNotFound);
  checkCanRegister(event, deps.clock.now(), true);
  await checkNotOrganiser(deps.db, event, user.id);
  const team = await deps.db
    .selectFrom("registrations")
    .selectAll()
    .where("id", "=", teamId)
    .where("eventId", "=", event.id)
    .executeTakeFirst();
  if (!team) throw notFound(M.teamNotFound);
  if (await findRegistrationOf(deps.db, event.id, user.id)) throw conflict(M.already);
  if (team.size >= (event.maxTeam ?? 0)) throw conflict(M.teamFull);
  const id = newId();
  const now = deps.clock.now().toISOString();
  await deps.db.transaction().execute(async (trx) => {
    await trx
      .insertInto("joinRequests")
      .values({
        id,
        eventId: event.id,
        registrationId: team.id,
        userId: user.id,
        message: input.message ?? "",
        phone: input.phone,
        collegeName: input.collegeName,
        course: input.course,
        status: "pending",
        createdAt: now,
        decidedAt: null,
      })
      .execute()
      .catch((err) => {
        if (constraintViolation(err)?.kind === "unique") throw conflict(M.alreadyAsked);
        throw err;
      });
    const leader = await trx
      .selectFrom("users")
      .select(["email", "firstName"])
      .where("id", "=", team.leaderId)
      .executeTakeFirstOrThrow();
    await deps.mail.queue(
      trx,
      joinRequestMail(
        deps.config.appUrl,
        leader,
        event,
        { name: team.teamName ?? "" },
        { ...user, collegeName: input.collegeName },
        input.message ?? "",
      ),
    );
  });
  deps.mail.poke();
  return readRequest(deps, id);
}

async function readRequest(deps: RegDeps, id: string): Promise<JoinRequestData> {
  return deps.db
    .selectFrom("joinRequests as q")
    .innerJoin("users as u", "u.id", "q.userId")
    .select(REQUEST_COLUMNS)
    .where("q.id", "=", id)
    .executeTakeFirstOrThrow();
}

/**
 * GET /event/{n}/team/requests: the leader's pending requests, oldest first, leaving out people
 * who have registered since (accepting them would be refused anyway).
 */
export async function pendingRequests(
  deps: RegDeps,
  user: UserRow,
  eventNumber: string,
): Promise<JoinRequestData[]> {
  const event = await visibleEvent(deps, eventNumber, user);
  const team = await ledTeam(deps, event, user);
  return deps.db
    .selectFrom("joinRequests as q")
    .innerJoin("users as u", "u.id", "q.userId")
    .select(REQUEST_COLUMNS)
    .where("q.registrationId", "=", team.id)
    .where("q.status", "=", "pending")
    .where(notRegistered(event.id, "q.userId"))
    .orderBy("q.createdAt")
    .limit(200)
    .execute();
}

async function pendingOf(deps: RegDeps, teamId: string, requestId: string) {
  const request = await deps.db
    .selectFrom("joinRequests")
    .selectAll()
    .where("id", "=", requestId)
    .where("registrationId", "=", teamId)
    .where("status", "=", "pending")
    .executeTakeFirst();
  if (!request) throw notFound(M.requestNotFound);
  return request;
}

/** POST …/requests/{requestId}/accept: the requester joins under the join rules. */
export async function acceptRequest(
  deps: RegDeps,
  user: UserRow,
  eventNumber: string,
  requestId: string,
): Promise<TeamData> {
  const event = await visibleEvent(deps, eventNumber, user);
  const team = await ledTeam(deps, event, user);
  const request = await pendingOf(deps, team.id, requestId);
  checkCanRegister(event, deps.clock.now(), true);
  const requester = await deps.db
    .selectFrom("users")
    .selectAll()
    .where("id", "=", request.userId)
    .executeTakeFirstOrThrow();
  if (await findRegistrationOf(deps.db, event.id, requester.id)) throw conflict(M.already);
  await checkNotOrganiser(deps.db, event, requester.id);
  // The team's row is locked first (as leaving locks it before its requests), then the request.
  await deps.db.transaction().execute(async (trx) => {
    await addToTeam(deps, trx, event, team.id, requester, request);
    const decided = await trx
      .updateTable("joinRequests")
      .set({ status: "accepted", decidedAt: deps.clock.now().toISOString() })
      .where("id", "=", request.id)
      .where("status", "=", "pending")
      .executeTakeFirst();
    if (Number(decided.numUpdatedRows) === 0) throw notFound(M.requestNotFound);
  });
  deps.mail.poke();
  return teamFor(deps.db, event, team.id, user.id);
}

/** POST …/requests/{requestId}/decline: the requester is mailed. */
export async function declineRequest(
  deps: RegDeps,
  user: UserRow,
  eventNumber: string,
  requestId: string,
): Promise<{ message: string }> {
  const event = await visibleEvent(deps, eventNumber, user);
  const team = await ledTeam(deps, event, user);
  const request = await pendingOf(deps, team.id, requestId);
  await deps.db.transaction().execute(async (trx) => {
    const decided = await trx
      .updateTable("joinRequests")
      .set({ status: "declined", decidedAt: deps.clock.now().toISOString() })
      .where("id", "=", request.id)
      .where("status", "=", "pending")
      .executeTakeFirst();
    if (Number(decided.numUpdatedRows) === 0) throw notFound(M.requestNotFound);
    const requester = await trx
      .selectFrom("users")
      .select(["email", "firstName"])
      .where("id", "=", request.userId)
      .executeTakeFirstOrThrow();
    await deps.mail.queue(
      trx,
      turnedAwayMail(
        deps.config.appUrl,
        requester,
        event,
        { name: team.teamName ?? "" },
        "declined",
      ),
    );
  });
  deps.mail.poke();
  return { message: "Request declined" };
}
