import { type Kysely, PostgresAdapter, sql } from "kysely";

// Frozen once shipped: imports nothing of the application; a later change is a new file.

/**
 * SPEC-3 §1 kept by the database itself: a member of an event's team (its owner included) has no
 * registration row for it, and a registered person no membership row, even when an acceptance and
 * a registration (or a joining of a team) run at once. A trigger on each table refuses the row
 * with the spec's message, which the API answers as 409.
 *
 * SQLite has one writer at a time, and a write transaction sees every commit before it, so the
 * trigger's look at the other table is enough. PostgreSQL (READ COMMITTED) takes a transaction
 * lock on the (event, person) pair first: of two writers for one pair the second waits for the
 * first to end, then looks with a fresh snapshot (a trigger's queries each take one) and sees it.
 */
const ORGANISER_REGISTERS = "Organisers cannot register for their own event";
const REGISTERED_JOINS = "This person is registered for this event";

function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

export async function up(db: Kysely<any>) {
  if (isPostgres(db)) {
    await sql`create function "registrationMembers_not_organiser"() returns trigger
      language plpgsql as $$
      begin
        perform pg_advisory_xact_lock(new."eventId", hashtext(new."userId"));
        if exists (select 1 from "eventOrganisers"
                   where "eventId" = new."eventId" and "userId" = new."userId")
           or exists (select 1 from events where id = new."eventId" and "madeBy" = new."userId") then
          raise exception '${sql.raw(ORGANISER_REGISTERS)}';
        end if;
        return new;
      end $$`.execute(db);
    await sql`create function "eventOrganisers_not_registered"() returns trigger
      language plpgsql as $$
      begin
        perform pg_advisory_xact_lock(new."eventId", hashtext(new."userId"));
        if exists (select 1 from "registrationMembers"
                   where "eventId" = new."eventId" and "userId" = new."userId") then
          raise exception '${sql.raw(REGISTERED_JOINS)}';
        end if;
        return new;
      end $$`.execute(db);
    await sql`create trigger "registrationMembers_not_organiser"
      before insert or update of "eventId", "userId" on "registrationMembers"
      for each row execute function "registrationMembers_not_organiser"()`.execute(db);
    await sql`create trigger "eventOrganisers_not_registered"
      before insert or update of "eventId", "userId" on "eventOrganisers"
      for each row execute function "eventOrganisers_not_registered"()`.execute(db);
    return;
  }
  const organiser = sql`exists (select 1 from "eventOrganisers" o
      where o."eventId" = new."eventId" and o."userId" = new."userId")
    or exists (select 1 from events e where e.id = new."eventId" and e."madeBy" = new."userId")`;
  const registered = sql`exists (select 1 from "registrationMembers" m
      where m."eventId" = new."eventId" and m."userId" = new."userId")`;
  for (const when of ["insert", 'update of "eventId", "userId"']) {
    const tag = when === "insert" ? "insert" : "update";
    await sql`create trigger ${sql.raw(`"registrationMembers_not_organiser_${tag}"`)}
      before ${sql.raw(when)} on "registrationMembers" when ${organiser}
      begin select raise(abort, '${sql.raw(ORGANISER_REGISTERS)}'); end`.execute(db);
    await sql`create trigger ${sql.raw(`"eventOrganisers_not_registered_${tag}"`)}
      before ${sql.raw(when)} on "eventOrganisers" when ${registered}
      begin select raise(abort, '${sql.raw(REGISTERED_JOINS)}'); end`.execute(db);
  }
}
