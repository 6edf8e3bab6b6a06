import {
  REGISTRATION_MESSAGES as M,
  removeSchema,
  type TeamData,
} from "#server/contracts/registration";
import { dropEmpty } from "#server/contracts/user";
import type { EventRow, RegistrationRow, UserRow } from "#server/db/schema";
import { badRequest, conflict, forbidden, notFound, parseBody } from "#server/lib/errors";
import { turnedAwayMail } from "#server/mail/registration-mails";
import { cancelTickets } from "#server/services/check-in/tickets";
import { settleLeaverPayment } from "#server/services/payments/leaving";
import { findRegistrationOf, type RegDeps, teamFor, windowState } from "./registration-read";
import { type Trx, withFreshCode } from "./registrations";
import { visibleEvent } from "#server/services/team/permissions";

/**
 * Takes one person out of a registration, in the caller's transaction. The event row is locked
 * first (as registering does) and then the registration's, so simultaneous leaves, removals and
 * joins of one team take turns and no two transactions wait on each other in a circle. A leader
 * who leaves hands the team to the member who joined earliest; the last one out ends it.
 */
export async function takeOut(
  trx: Trx,
  event: EventRow,
  registrationId: string,
  userId: string,
  byLeader: string | null,
  now: string,
): Promise<RegistrationRow> {
  await trx
    .updateTable("events")
    .set((eb) => ({ registrationCount: eb.ref("registrationCount") }))
    .where("id", "=", event.id)
    .execute();
  await trx
    .updateTable("registrations")
    .set((eb) => ({ size: eb.ref("size") }))
    .where("id", "=", registrationId)
    .execute();
  const reg = await trx
    .selectFrom("registrations")
    .selectAll()
    .where("id", "=", registrationId)
    .executeTakeFirst();
  if (!reg) throw notFound(byLeader ? M.notMember : M.notRegistered);
  if (byLeader && reg.leaderId !== byLeader) throw forbidden(M.leaderOnly);
  const gone = await trx
    .deleteFrom("registrationMembers")
    .where("registrationId", "=", registrationId)
    .where("userId", "=", userId)
    .executeTakeFirst();
  if (Number(gone.numDeletedRows) === 0) throw notFound(byLeader ? M.notMember : M.notRegistered);
  await cancelTickets(trx, event.id, userId, now);
  const rest = await trx
    .selectFrom("registrationMembers")
    .select("userId")
    .where("registrationId", "=", registrationId)
    .orderBy("joinedAt")
    .orderBy("userId")
    .execute();
  if (rest.length === 0) {
    await trx.deleteFrom("registrations").where("id", "=", registrationId).execute();
    await trx
      .updateTable("events")
      .set((eb) => ({ registrationCount: eb("registrationCount", "-", 1) }))
      .where("id", "=", event.id)
      .execute();
  } else {
    await trx
      .updateTable("registrations")
      .set((eb) => ({
        size: rest.length,
        leaderId: reg.leaderId === userId ? rest[0].userId : reg.leaderId,
        // SPEC-4: held while none of the members left has a free or paid place.
        held: eb
          .case()
          .when(
            eb.exists(
              eb
                .selectFrom("registrationMembers")
                .select("userId")
                .where("registrationId", "=", registrationId)
                .where("held", "=", 0),
            ),
          )
          .then(0)
          .else(1)
          .end(),
      }))
      .where("id", "=", registrationId)
      .execute();
  }
  await settleLeaverPayment(trx, registrationId, userId, now);
  await trx
    .deleteFrom("teammateListings")
    .where("eventId", "=", event.id)
    .where("userId", "=", userId)
    .execute();
  return reg;
}

function checkStillOpen(event: EventRow, now: Date): void {
  if (windowState(event, now) === "closed") throw conflict(M.closed);
}

/**
 * POST /event/{n}/team/leave and /event/{n}/unregister: a member leaves their team (a leader
 * hands it over), an individual cancels. Only while registration is open.
 */
export async function leaveRegistration(
  deps: RegDeps,
  user: UserRow,
  eventNumber: string,
): Promise<{ message: string }> {
  const event = await visibleEvent(deps, eventNumber, user);
  const reg = await findRegistrationOf(deps.db, event.id, user.id);
  if (!reg) throw notFound(M.notRegistered);
  checkStillOpen(event, deps.clock.now());
  await deps.db
    .transaction()
    .execute((trx) => takeOut(trx, event, reg.id, user.id, null, deps.clock.now().toISOString()));
  return {
    message:
      reg.type === "team" ? `You left the team ${reg.teamName}` : "Your registration is cancelled",
  };
}

/** The caller's team, when they lead it; else 404 (not registered) or 403 (not the leader). */
export async function ledTeam(
  deps: RegDeps,
  event: EventRow,
  user: UserRow,
): Promise<RegistrationRow> {
  const reg = await findRegistrationOf(deps.db, event.id, user.id);
  if (!reg) throw notFound(M.notRegistered);
  if (reg.type !== "team" || reg.leaderId !== user.id) throw forbidden(M.leaderOnly);
  return reg;
}

/** POST /event/{n}/team/remove: the leader takes someone out; they are mailed. */
export async function removeMember(
  deps: RegDeps,
  user: UserRow,
  eventNumber: string,
  body: Record<string, unknown>,
): Promise<TeamData> {
  const event = await visibleEvent(deps, eventNumber, user);
  const { userId } = parseBody(removeSchema, dropEmpty(body));
  const team = await ledTeam(deps, event, user);
  if (userId === user.id) throw badRequest(M.removeSelf, { userId: [M.removeSelf] });
  checkStillOpen(event, deps.clock.now());
  await deps.db.transaction().execute(async (trx) => {
    await takeOut(trx, event, team.id, userId, user.id, deps.clock.now().toISOString());
    const removed = await trx
      .selectFrom("users")
      .select(["email", "firstName"])
      .where("id", "=", userId)
      .executeTakeFirstOrThrow();
    await deps.mail.queue(
      trx,
      turnedAwayMail(deps.config.appUrl, removed, event, { name: team.teamName ?? "" }, "removed"),
    );
  });
  deps.mail.poke();
  return teamFor(deps.db, event, team.id, user.id);
}

/** POST /event/{n}/team/code: a new code for the leader's team; the old one stops working. */
export async function newTeamCode(
  deps: RegDeps,
  user: UserRow,
  eventNumber: string,
): Promise<TeamData> {
  const event = await visibleEvent(deps, eventNumber, user);
  const team = await ledTeam(deps, event, user);
  const changed = await withFreshCode((code) =>
    deps.db
      .updateTable("registrations")
      .set({ code })
      .where("id", "=", team.id)
      .where("leaderId", "=", user.id)
      .executeTakeFirst(),
  );
  if (Number(changed.numUpdatedRows) === 0) throw forbidden(M.leaderOnly);
  return teamFor(deps.db, event, team.id, user.id);
}
