import { type DeleteQueryBuilder, type Kysely, sql, type Transaction } from "kysely";
import type { RegistrantItem, RegistrationCounts } from "#server/contracts/organiser";
import type { Database } from "#server/db/schema";

/**
 * What SPEC-2 §4 reads of registrations (SPEC-2 §1's tables: `registrations`, one row per
 * individual or team, and `registrationMembers`, one row per person), in one place.
 */
type Reader = Kysely<Database> | Transaction<Database>;

export interface RegisteredPerson {
  registrationId: string;
  userId: string;
  email: string;
  firstName: string;
}

/** A registration (a team once) as results and winners name it: the team, or its one person. */
export interface EntrantRow {
  _id: string;
  teamName: string | null;
  firstName: string;
  lastName: string | null;
  collegeName: string | null;
  /** How many people the registration holds (a team's size, 1 for an individual). */
  people: number;
}

/** Every registered person of the event, or of the given registrations. */
export async function peopleOf(
  db: Reader,
  eventId: number,
  registrationIds?: string[],
): Promise<RegisteredPerson[]> {
  const query = (ids?: string[]) => {
    let q = db
      .selectFrom("registrationMembers as m")
      .innerJoin("users as u", "u.id", "m.userId")
      .select(["m.registrationId", "m.userId", "u.email", "u.firstName"])
      .where("m.eventId", "=", eventId)
      // SPEC-4: only free or paid places are registered (results, winners, announcements).
      .where("m.held", "=", 0);
    if (ids) q = q.where("m.registrationId", "in", ids);
    return q.orderBy("m.joinedAt").execute();
  };
  if (!registrationIds) return query();
  const out: RegisteredPerson[] = [];
  for (let i = 0; i < registrationIds.length; i += 500)
    out.push(...(await query(registrationIds.slice(i, i + 500))));
  return out;
}

export async function countRegistrations(db: Reader, eventId: number): Promise<number> {
  const row = await db
    .selectFrom("registrations")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("eventId", "=", eventId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Narrows a delete of events to those without registrations, in the same statement. */
export function withoutRegistrations<Q extends DeleteQueryBuilder<Database, "events", any>>(
  query: Q,
): Q {
  return query.where(({ not, exists, selectFrom }) =>
    not(
      exists(
        selectFrom("registrations")
          .select("registrations.id")
          .whereRef("registrations.eventId", "=", "events.id"),
      ),
    ),
  ) as Q;
}

export async function entrantsOf(db: Reader, eventId: number): Promise<EntrantRow[]> {
  const rows = await db
    .selectFrom("registrations as r")
    .innerJoin("users as u", "u.id", "r.leaderId")
    .leftJoin("registrationMembers as m", (j) =>
      j.onRef("m.registrationId", "=", "r.id").onRef("m.userId", "=", "r.leaderId"),
    )
    .select([
      "r.id as _id",
      "r.teamName",
      "u.firstName",
      "u.lastName",
      "m.collegeName",
      "r.size as people",
      "r.createdAt",
    ])
    .where("r.eventId", "=", eventId)
    .where("r.held", "=", 0)
    .orderBy("r.createdAt")
    .orderBy("r.id")
    .execute();
  return rows.map(({ createdAt: _c, ...e }) => e);
}

/** One per registration (a team once, at its creation), for the insights' daily series. */
export interface RegistrationMoment {
  at: string;
  team: boolean;
  complete: boolean;
}

export async function registrationMoments(
  db: Reader,
  eventId: number,
  minTeam: number,
): Promise<RegistrationMoment[]> {
  const rows = await db
    .selectFrom("registrations")
    .select(["createdAt", "type", "size"])
    .where("eventId", "=", eventId)
    .execute();
  return rows.map((r) => ({
    at: r.createdAt,
    team: r.type === "team",
    complete: r.type === "team" && Number(r.size) >= minTeam,
  }));
}

export async function registrationCounts(
  db: Reader,
  eventId: number,
  minTeam: number,
): Promise<RegistrationCounts> {
  const row = await db
    .selectFrom("registrations")
    .select([
      sql<number>`count(*)`.as("registrations"),
      sql<number>`coalesce(sum(case when type = 'individual' then 1 else 0 end), 0)`.as(
        "individuals",
      ),
      sql<number>`coalesce(sum(case when type = 'team' then 1 else 0 end), 0)`.as("teams"),
      sql<number>`coalesce(sum(case when type = 'team' and size >= ${minTeam} then 1 else 0 end), 0)`.as(
        "completeTeams",
      ),
      sql<number>`coalesce(sum(size), 0)`.as("people"),
    ])
    .where("eventId", "=", eventId)
    .executeTakeFirstOrThrow();
  const teams = Number(row.teams);
  const complete = Number(row.completeTeams);
  return {
    registrations: Number(row.registrations),
    individuals: Number(row.individuals),
    teams,
    completeTeams: complete,
    incompleteTeams: teams - complete,
    people: Number(row.people),
  };
}

/** `q` anywhere in a column, without regard to case (`%` and `_` in it are plain characters). */
export function textMatcher(q: string) {
  const like = `%${q.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
  return {
    has: (col: string) => sql<boolean>`lower(${sql.ref(col)}) like ${like} escape '\\'`,
    hasFullName: (first: string, last: string) =>
      sql<boolean>`lower(${sql.ref(first)} || ' ' || coalesce(${sql.ref(last)}, '')) like ${like} escape '\\'`,
  };
}

function people(db: Reader, eventId: number, q: string) {
  let query = db
    .selectFrom("registrationMembers as m")
    .innerJoin("users as u", "u.id", "m.userId")
    .innerJoin("registrations as r", "r.id", "m.registrationId")
    .where("m.eventId", "=", eventId);
  if (q) {
    const { has, hasFullName } = textMatcher(q);
    query = query.where((eb) =>
      eb.or([
        has("u.firstName"),
        has("u.lastName"),
        hasFullName("u.firstName", "u.lastName"),
        has("u.email"),
        has("m.phone"),
        has("m.collegeName"),
        has("m.course"),
        has("r.teamName"),
      ]),
    );
  }
  return query;
}

const ITEM_COLUMNS = [
  "m.registrationId",
  "m.userId",
  "u.firstName",
  "u.lastName",
  "u.email",
  "m.phone",
  "m.collegeName",
  "m.course",
  "m.joinedAt as registeredAt",
  "r.teamName",
  "r.leaderId",
  "r.type",
  "m.held",
] as const;

function toItem(row: any): RegistrantItem {
  const { leaderId, type, held, ...rest } = row;
  return {
    ...rest,
    paymentPending: held === 1,
    teamName: type === "team" ? rest.teamName : null,
    isLeader: type === "team" && leaderId === row.userId,
  };
}

/** A page of people, newest first, and how many match. */
export async function registrantPage(
  db: Reader,
  eventId: number,
  options: { q: string; offset: number; limit: number },
): Promise<{ items: RegistrantItem[]; total: number }> {
  const [rows, count] = await Promise.all([
    people(db, eventId, options.q)
      .select(ITEM_COLUMNS)
      .orderBy("m.joinedAt", "desc")
      .orderBy("m.userId", "desc")
      .limit(options.limit)
      .offset(options.offset)
      .execute(),
    people(db, eventId, options.q)
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow(),
  ]);
  return { items: rows.map(toItem), total: Number(count.n) };
}

/** Every matching person in registration order, `size` at a time (keyset paging: flat memory). */
export async function* registrantBatches(
  db: Reader,
  eventId: number,
  q: string,
  size: number,
): AsyncGenerator<RegistrantItem[]> {
  let after: { joinedAt: string; userId: string } | null = null;
  for (;;) {
    let query = people(db, eventId, q).select(ITEM_COLUMNS);
    if (after) {
      const a = after;
      query = query.where((eb) =>
        eb.or([
          eb("m.joinedAt", ">", a.joinedAt),
          eb.and([eb("m.joinedAt", "=", a.joinedAt), eb("m.userId", ">", a.userId)]),
        ]),
      );
    }
    const rows = await query.orderBy("m.joinedAt").orderBy("m.userId").limit(size).execute();
    if (rows.length === 0) return;
    yield rows.map(toItem);
    const last = rows.at(-1)!;
    after = { joinedAt: last.registeredAt, userId: last.userId };
    if (rows.length < size) return;
  }
}

/** Saves of the event (SPEC-2 §3's `saves`), one instant each. */
export async function saveMoments(db: Reader, eventId: number): Promise<string[]> {
  const rows = await db
    .selectFrom("saves")
    .select("createdAt")
    .where("eventId", "=", eventId)
    .execute();
  return rows.map((r) => r.createdAt);
}
