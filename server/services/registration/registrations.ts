import { randomBytes } from "node:crypto";
import type { Transaction } from "kysely";
import {
  JOIN_CODE_ALPHABET,
  joinSchema,
  REGISTRATION_MESSAGES as M,
  type RegistrationData,
  registerSchema,
} from "#server/contracts/registration";
import { dropEmpty } from "#server/contracts/user";
import { constraintViolation } from "#server/db/errors";
import type { Database, EventRow, RegistrationMemberRow, UserRow } from "#server/db/schema";
import { newId } from "#server/lib/crypto";
import { conflict, notFound, parseBody } from "#server/lib/errors";
import { registrationConfirmedMail, teamJoinedMail } from "#server/mail/registration-mails";
import {
  findRegistrationOf,
  checkNotOrganiser,
  type RegDeps,
  registrationFor,
  teamIdByCode,
  windowState,
} from "./registration-read";
import { alreadyRegistered, endListing, writeRegistration } from "./registration-write";
import { visibleEvent, visibleEventAndRole } from "#server/services/team/permissions";
import { TEAM_MESSAGES } from "#server/contracts/team";
import { planPayment, writePayment } from "#server/services/payments/payment-write";
import { toPaymentJson } from "#server/services/payments/payment-read";

export type Trx = Transaction<Database>;
/** What a person registers with (checked by the contract before it gets here). */
type Details = Pick<RegistrationMemberRow, "phone" | "collegeName" | "course">;

/** 6 characters of the code alphabet; 32 symbols, so a byte's low 5 bits pick one evenly. */
export function newJoinCode(): string {
  return [...randomBytes(6)].map((b) => JOIN_CODE_ALPHABET[b & 31]).join("");
}

/**
 * Whether someone may register (or, with `allowFull`, join a team with room) now; else the
 * spec's refusal. A draft is seen only by its creator, for whom it has not opened yet.
 */
export function checkCanRegister(event: EventRow, now: Date, allowFull = false): void {
  if (event.status !== "active") throw conflict(M.notOpenYet);
  if (event.registrationMode === "website") throw conflict(M.website);
  const window = windowState(event, now);
  if (window === "not-open-yet") throw conflict(M.notOpenYet);
  if (window === "closed") throw conflict(M.closed);
  if (!allowFull && event.capacity !== null && event.registrationCount >= event.capacity)
    throw conflict(M.full);
}

function isCodeClash(err: unknown): boolean {
  const v = constraintViolation(err);
  // A team's code, or (rarer still) a payment's reference.
  return v?.kind === "unique" && /code|reference/.test(v.detail);
}

/** Runs `write`, again with a new code if the one it drew is taken in the event (rare: 32^6 codes). */
export async function withFreshCode<T>(write: (code: string) => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await write(newJoinCode());
    } catch (err) {
      if (attempt < 5 && isCodeClash(err)) continue;
      throw err;
    }
  }
}

function memberRow(
  eventId: number,
  registrationId: string,
  userId: string,
  d: Details,
  now: string,
) {
  return {
    registrationId,
    eventId,
    userId,
    phone: d.phone,
    collegeName: d.collegeName,
    course: d.course,
    joinedAt: now,
  };
}

/** POST /event/{n}/register: an individual registration, or a new team led by the caller. */
export async function register(
  deps: RegDeps,
  user: UserRow,
  eventNumber: string,
  body: Record<string, unknown>,
): Promise<RegistrationData> {
  const { event, role } = await visibleEventAndRole(deps, eventNumber, user);
  const team = event.participationType === "team";
  const input = parseBody(registerSchema(team), dropEmpty(body));
  // The capacity is checked in the database below; here only the window (a full event is
  // answered 'Registration is full', or 'already registered' to someone who is).
  try {
    checkCanRegister(event, deps.clock.now());
  } catch (err) {
    if ((err as Error).message === M.full && (await findRegistrationOf(deps.db, event.id, user.id)))
      throw conflict(M.already);
    throw err;
  }
  // SPEC-3 §1: the event's own team (the owner too) cannot register (`checkNotOrganiser`).
  if (role !== null) throw conflict(TEAM_MESSAGES.organiserRegister);
  const now = deps.clock.now().toISOString();
  const id = newId();
  const details = { phone: input.phone, collegeName: input.collegeName, course: input.course };
  // SPEC-4 §2: a place that costs money is held for its payment (the creator pays for a team).
  const plan = await planPayment(
    deps,
    event,
    user,
    {
      registrationId: id,
      per: team ? event.feePer : "registration",
      details: { ...details, teamName: input.teamName ?? null },
    },
    body.coupon,
  );
  const held = plan?.held ?? 0;
  const code = await withFreshCode(async (code) => {
    await writeRegistration(deps, {
      eventId: event.id,
      userId: user.id,
      registration: {
        id,
        eventId: event.id,
        type: team ? "team" : "individual",
        teamName: team ? (input.teamName ?? null) : null,
        code: team ? code : null,
        leaderId: user.id,
        size: 1,
        createdAt: now,
        held,
      },
      member: { ...memberRow(event.id, id, user.id, input, now), held },
      mail:
        plan?.mail ??
        registrationConfirmedMail(
          deps.config.appUrl,
          user,
          event,
          team ? { name: input.teamName ?? "", code, isLeader: true } : null,
        ),
      now,
      payment: plan ? { event, plan: { ...plan, mail: null } } : null,
    });
    return code;
  }).catch(async (err) => {
    // Full at the last moment, for someone who registered in another tab: say that instead.
    if ((err as Error).message === M.full && (await findRegistrationOf(deps.db, event.id, user.id)))
      throw conflict(M.already);
    throw err;
  });
  deps.mail.poke();
  // Everything in the answer is known here: no need to read it back.
  return {
    _id: id,
    type: team ? "team" : "individual",
    ...details,
    registeredAt: now,
    payment: plan ? toPaymentJson(plan.row) : null,
    team: team
      ? {
          _id: id,
          name: input.teamName ?? "",
          code,
          leaderId: user.id,
          members: [
            {
              _id: user.id,
              firstName: user.firstName,
              lastName: user.lastName,
              collegeName: input.collegeName,
              isLeader: true,
              paymentPending: held === 1,
            },
          ],
          size: 1,
          minTeam: event.minTeam ?? 1,
          maxTeam: event.maxTeam ?? 1,
          complete: 1 >= (event.minTeam ?? 1),
        }
      : null,
  };
}

/**
 * Adds someone to a team inside the caller's transaction, under the join rules: never past
 * maxTeam (a guarded update that also locks the team's row), never twice in an event (unique key).
 */
export async function addToTeam(
  deps: RegDeps,
  trx: Trx,
  event: EventRow,
  teamId: string,
  user: UserRow,
  details: Details,
  coupon?: unknown,
): Promise<void> {
  // SPEC-4 §2: with fees per person a member's own place is held for their payment; with fees
  // per registration a member's place is held while the team's is.
  const plan =
    event.feePer === "person"
      ? await planPayment(
          deps,
          event,
          user,
          { registrationId: teamId, per: "person", details: { ...details, teamName: null } },
          coupon,
          trx,
        )
      : null;
  const grown = await trx
    .updateTable("registrations")
    .set((eb) => ({ size: eb("size", "+", 1) }))
    .where("id", "=", teamId)
    .where("eventId", "=", event.id)
    .where((eb) =>
      eb("size", "<", eb.selectFrom("events").select("maxTeam").where("events.id", "=", event.id)),
    )
    .executeTakeFirst();
  const team = await trx
    .selectFrom("registrations")
    .selectAll()
    .where("id", "=", teamId)
    .executeTakeFirst();
  if (!team) throw notFound(M.teamNotFound);
  if (Number(grown.numUpdatedRows) === 0) throw conflict(M.teamFull);
  const now = deps.clock.now().toISOString();
  const held = plan ? plan.held : event.feePer === "person" ? 0 : team.held;
  await trx
    .insertInto("registrationMembers")
    .values({ ...memberRow(event.id, teamId, user.id, details, now), held })
    .execute()
    .catch(alreadyRegistered);
  await endListing(trx, event.id, user.id).execute();
  if (plan) await writePayment(trx, deps, event, plan);
  if (plan && !held)
    await trx.updateTable("registrations").set({ held: 0 }).where("id", "=", teamId).execute();
  const leader = await trx
    .selectFrom("users")
    .select(["email", "firstName"])
    .where("id", "=", team.leaderId)
    .executeTakeFirstOrThrow();
  const teamRef = { name: team.teamName ?? "", code: team.code, isLeader: false };
  if (!plan || !held)
    await deps.mail.queue(trx, registrationConfirmedMail(deps.config.appUrl, user, event, teamRef));
  await deps.mail.queue(
    trx,
    teamJoinedMail(
      deps.config.appUrl,
      leader,
      event,
      { name: teamRef.name, size: team.size },
      user,
    ),
  );
}

/** POST /event/{n}/team/join: with a team's code, even when the event is full. */
export async function joinTeam(
  deps: RegDeps,
  user: UserRow,
  eventNumber: string,
  body: Record<string, unknown>,
): Promise<RegistrationData> {
  const event = await visibleEvent(deps, eventNumber, user);
  const input = parseBody(joinSchema, dropEmpty(body));
  if (event.participationType !== "team") throw notFound(M.teamNotFound);
  checkCanRegister(event, deps.clock.now(), true);
  await checkNotOrganiser(deps.db, event, user.id);
  const teamId = await teamIdByCode(deps.db, event, input.code);
  if (await findRegistrationOf(deps.db, event.id, user.id)) throw conflict(M.already);
  await deps.db
    .transaction()
    .execute((trx) => addToTeam(deps, trx, event, teamId, user, input, body.coupon));
  deps.mail.poke();
  return (await registrationFor(deps.db, event, user.id))!;
}
