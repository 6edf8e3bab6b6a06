/**
 * A gate's scan of a QR code in one statement on PostgreSQL (SPEC-3 §5, decision 042). The usual
 * scan (`scanOnce`) is a transaction of five round trips (begin, the nonce claimed, the ticket
 * read, the check-in inserted, its answer kept, commit), and at a gate with 20 scanners the
 * server spends most of its time writing those to PostgreSQL's sockets. Here one statement reads
 * the ticket and its holder, inserts the check-in if the ticket is live and the nonce unused, and
 * keeps the nonce with its answer, built from what the statement saw: all of it or none of it
 * commits, as the transaction did.
 *
 * It answers only when it kept its answer. Otherwise (the nonce was used, by a retry or the same
 * scan sent twice; or the check-in it ran into was made by a scan still in flight, whose time and
 * scanner it cannot see) it wrote at most a check-in that a scan of that nonce's code would make,
 * and the usual scan answers: the first answer of the nonce, or 'Already checked in' read afresh.
 */
import { sql } from "kysely";
import type { ScanResult } from "#server/contracts/check-in";
import { type Db, isPostgres } from "#server/db/connect";
import { reusableStatement } from "#server/db/reusable-statement";
import { normalShortCode } from "#server/contracts/check-in";
import type { ScanEvent } from "./access";
import type { EventKeys } from "./keys";
import { SCAN_HTTP_STATUS, type Scan, ticketsWithHolder, verifiedCode } from "./scan";

/** The scan's answer if this statement could give it (and kept it); else null: ask `scanOnce`. */
export async function scanCodeAtOnce(
  db: Db,
  event: ScanEvent,
  keys: EventKeys,
  scan: Scan,
): Promise<ScanResult | null> {
  const { target } = scan;
  if (!isPostgres(db) || scan.offline || !("code" in target) || normalShortCode(target.code))
    return null;
  const parts = verifiedCode(event, keys, target.code);
  if ("status" in parts) return null;
  const { rows } = await codeScan(db, {
    eventId: event.id,
    nonce: scan.nonce,
    at: scan.at,
    byUserId: scan.scanner.id,
    byFirstName: scan.scanner.firstName,
    ticketId: parts.ticketId,
    userId: parts.userId,
    registrationId: parts.registrationId,
  });
  const row = rows[0];
  return row?.kept && row.answer ? (JSON.parse(row.answer) as ScanResult) : null;
}

/** The nonce's stored status for each outcome, from the one table the API answers with. */
const httpStatusOf = sql<number>`case "status" ${sql.join(
  Object.entries(SCAN_HTTP_STATUS).map(
    ([status, code]) => sql`when ${sql.lit(status)} then ${sql.lit(code)}`,
  ),
  sql` `,
)} end`;

const codeScan = reusableStatement(
  ["eventId", "nonce", "at", "byUserId", "byFirstName", "ticketId", "userId", "registrationId"],
  (db, v) => {
    // A number when run; the slot that stands for it while it is built is text.
    const eventId = v.eventId as unknown as number;
    const eventIdValue = sql<number>`cast(${v.eventId} as integer)`;
    return (
      db
        .with("ticket", (db) =>
          ticketsWithHolder(db, eventId)
            .select("t.eventId")
            .where("t.id", "=", v.ticketId)
            .where("t.userId", "=", v.userId)
            .where("t.registrationId", "=", v.registrationId),
        )
        // The nonce's answer, if a scan with it has committed: then this one writes nothing.
        .with("done", (db) =>
          db
            .selectFrom("checkInNonces")
            .select("nonce")
            .where("eventId", "=", eventId)
            .where("nonce", "=", v.nonce),
        )
        .with("made", (db) =>
          db
            .insertInto("checkIns")
            .columns(["eventId", "userId", "checkedInAt", "byUserId"])
            .expression((eb) =>
              eb
                .selectFrom("ticket")
                .select((eb) => [
                  "ticket.eventId",
                  "ticket.memberId",
                  eb.val(v.at).as("checkedInAt"),
                  eb.val(v.byUserId).as("byUserId"),
                ])
                .where("ticket.cancelledAt", "is", null)
                .where("ticket.memberId", "is not", null)
                .where((eb) => eb.not(eb.exists(eb.selectFrom("done").select("nonce")))),
            )
            .onConflict((oc) => oc.columns(["eventId", "userId"]).doNothing())
            .returning("userId"),
        )
        // What the scan comes to, as `holderOf` and `scanOnce` decide it. The check-in found
        // (`k`) is one kept before this statement began, never the one it makes; one made by a
        // scan in flight is not seen, and the outcome is then left open (null).
        .with("outcome", (db) =>
          db
            .selectFrom(sql<{ one: number }>`(select 1 as one)`.as("one"))
            .leftJoin("ticket", (join) => join.onTrue())
            .leftJoin("checkIns as k", (join) =>
              join
                .onRef("k.eventId", "=", "ticket.eventId")
                .onRef("k.userId", "=", "ticket.memberId"),
            )
            .leftJoin("users as b", "b.id", "k.byUserId")
            .select([
              sql<string | null>`case
                when "ticket"."userId" is null then 'invalid'
                when "ticket"."cancelledAt" is not null or "ticket"."memberId" is null then 'cancelled'
                when exists (select 1 from "made") then 'checked-in'
                when "k"."checkedInAt" is not null then 'already' end`.as("status"),
              sql<string | null>`case when exists (select 1 from "made")
                then cast(${v.at} as text) else "k"."checkedInAt" end`.as("checkedInAt"),
              sql<string | null>`case when exists (select 1 from "made")
                then cast(${v.byFirstName} as text) else "b"."firstName" end`.as("by"),
              "ticket.memberId",
              "ticket.firstName",
              "ticket.lastName",
              "ticket.collegeName",
              "ticket.teamName",
            ]),
        )
        // The answer as `scanOnce` makes it (ScanResult, its keys in its order).
        .with("answer", (db) =>
          db.selectFrom("outcome").select([
            "status",
            sql<string | null>`case when "status" is null then null else json_build_object(
              'nonce', cast(${v.nonce} as text),
              'status', "status",
              'person', case when "status" in ('checked-in', 'already') then json_build_object(
                'memberId', "memberId",
                'firstName', coalesce("firstName", ''),
                'lastName', coalesce("lastName", ''),
                'collegeName', coalesce("collegeName", ''),
                'teamName', "teamName",
                'checkedInAt', "checkedInAt",
                'by', "by") end,
              'checkedInAt', case when "status" in ('checked-in', 'already') then "checkedInAt" end,
              'by', case when "status" in ('checked-in', 'already') then "by" end
            )::text end`.as("answer"),
          ]),
        )
        // The nonce kept with its answer: a scan with the same nonce in flight waits for this.
        .with("kept", (db) =>
          db
            .insertInto("checkInNonces")
            .columns(["eventId", "nonce", "status", "answer", "createdAt"])
            .expression((eb) =>
              eb
                .selectFrom("answer")
                .select((eb) => [
                  eventIdValue.as("eventId"),
                  eb.val(v.nonce).as("nonce"),
                  httpStatusOf.as("status"),
                  "answer",
                  eb.val(v.at).as("createdAt"),
                ])
                .where("answer", "is not", null)
                .where((eb) => eb.not(eb.exists(eb.selectFrom("done").select("nonce")))),
            )
            .onConflict((oc) => oc.columns(["eventId", "nonce"]).doNothing())
            .returning("nonce"),
        )
        .selectFrom("answer")
        .select((eb) => ["answer", eb.exists(eb.selectFrom("kept").select("nonce")).as("kept")])
    );
  },
);
