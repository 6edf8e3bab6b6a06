import {
  CHECK_IN_MESSAGES as M,
  type CheckInList,
  checkInSchema,
  normalShortCode,
  type OfflineCheckIn,
  type ScanResult,
  scanMessage,
  syncSchema,
  undoCheckInSchema,
} from "#server/contracts/check-in";
import { sql } from "kysely";
import { dropEmpty } from "#server/contracts/user";
import type { UserRow } from "#server/db/schema";
import type { Deps } from "#server/lib/deps";
import { notFound, parseBody } from "#server/lib/errors";
import { fullName, recordActivity } from "#server/services/team/activity";
import { requireRight } from "#server/services/team/permissions";
import { checkInEvent, type ScanEvent } from "./access";
import { eventKeys } from "./keys";
import { peopleQuery, personOf, toPerson } from "./people";
import { SCAN_HTTP_STATUS, type ScanTarget, scanOnce } from "./scan";
import { scanCodeAtOnce } from "./scan-at-once";

type CheckInDeps = Pick<Deps, "db" | "clock">;
const LIST_LIMIT = 50;

/** An answer with its status: check-in refusals carry the person, so they are not thrown. */
export interface CheckInAnswer {
  status: number;
  body: Record<string, unknown>;
}

export function toAnswer(result: ScanResult): CheckInAnswer {
  const { person, checkedInAt, by } = result;
  const status = SCAN_HTTP_STATUS[result.status];
  if (result.status === "checked-in") return { status, body: { person, checkedInAt, by } };
  if (result.status === "already")
    return { status, body: { message: scanMessage(result), person, checkedInAt, by } };
  return { status, body: { message: scanMessage(result) } };
}

/** What a check-in names: the QR's code, a typed short code, or a person from the list. */
function targetOf(input: { code?: string; shortCode?: string; memberId?: string }): ScanTarget {
  if (input.code) return { code: input.code };
  if (input.shortCode) return { shortCode: input.shortCode };
  return { memberId: input.memberId ?? "" };
}

/**
 * POST /event/{n}/check-in: by the QR's code, a typed short code or a person from the list, at
 * an event the scanner may scan at (`checkInEvent`, or `scanEventOf` for the gate's one read).
 */
export async function checkIn(
  deps: CheckInDeps,
  user: UserRow,
  event: ScanEvent,
  body: Record<string, unknown>,
): Promise<CheckInAnswer> {
  const input = parseBody(checkInSchema, dropEmpty(body));
  const now = deps.clock.now().toISOString();
  const keys = await eventKeys(deps.db, event.id, now);
  const scan = {
    target: targetOf(input),
    nonce: input.nonce,
    at: now,
    scanner: user,
    offline: false,
  };
  // A QR code on PostgreSQL in one statement when it can answer; else the usual transaction.
  const result =
    (await scanCodeAtOnce(deps.db, event, keys, scan)) ??
    (await scanOnce(deps.db, event, keys, scan));
  return toAnswer(result);
}

/**
 * POST /event/{n}/check-in/sync: scans taken offline, in the order they were taken. Each keeps
 * its own time (never later than now); the earliest scan of a person wins, whenever it arrives.
 * A scan is a QR's code, or (typed or picked on a device offline) a short code or a person;
 * its status is one of SPEC-3's five: a short code no ticket has is `invalid`.
 */
export async function syncScans(
  deps: CheckInDeps,
  user: UserRow,
  eventNumber: string,
  body: unknown,
): Promise<{ results: ScanResult[] }> {
  const event = await checkInEvent(deps, user, eventNumber, "check-in");
  const { scans } = parseBody(syncSchema, body);
  const now = deps.clock.now().toISOString();
  const keys = await eventKeys(deps.db, event.id, now);
  const order = scans
    .map((scan, i) => ({
      ...scan,
      i,
      at: new Date(Math.min(Date.parse(scan.scannedAt), Date.parse(now))).toISOString(),
    }))
    .sort((a, b) => a.at.localeCompare(b.at) || a.i - b.i);
  const results: ScanResult[] = new Array(scans.length);
  for (const scan of order) {
    const result = await scanOnce(deps.db, event, keys, {
      target: targetOf(scan),
      nonce: scan.nonce,
      at: scan.at,
      scanner: user,
      offline: true,
    });
    results[scan.i] = result.status === "unknown" ? { ...result, status: "invalid" } : result;
  }
  return { results };
}

/** POST /event/{n}/check-in/undo: the person is no longer checked in (owner and admins). */
export async function undoCheckIn(
  deps: CheckInDeps,
  user: UserRow,
  eventNumber: string,
  body: Record<string, unknown>,
) {
  const access = await requireRight(deps, user, eventNumber, "check-in.undo");
  const { event } = access;
  const { memberId } = parseBody(undoCheckInSchema, dropEmpty(body));
  const person = await personOf(deps.db, event.id, memberId);
  if (!person) throw notFound(M.notThisEvent);
  await deps.db.transaction().execute(async (trx) => {
    const undone = await trx
      .deleteFrom("checkIns")
      .where("eventId", "=", event.id)
      .where("userId", "=", memberId)
      .executeTakeFirst();
    // SPEC-3 §1: the team's log records the undoing (nothing to record when no one was checked in).
    if (Number(undone.numDeletedRows) > 0)
      await recordActivity(
        trx,
        deps,
        access,
        "check-in.undone",
        `undid the check-in of ${fullName(person)}`,
      );
  });
  return { person: { ...person, checkedInAt: null, by: null } };
}

async function counts(deps: CheckInDeps, eventId: number) {
  const row = await deps.db
    .selectFrom("registrationMembers as m")
    .leftJoin("checkIns as c", (join) =>
      join.onRef("c.eventId", "=", "m.eventId").onRef("c.userId", "=", "m.userId"),
    )
    .select((eb) => [
      eb.fn.countAll<number>().as("total"),
      eb.fn.count<number>("c.userId").as("checkedIn"),
    ])
    .where("m.eventId", "=", eventId)
    .where("m.held", "=", 0)
    .executeTakeFirstOrThrow();
  return { total: Number(row.total), checkedIn: Number(row.checkedIn) };
}

/** GET /event/{n}/check-in: counts and the first 50 people whose name or short code match `q`. */
export async function checkInList(
  deps: CheckInDeps,
  user: UserRow,
  eventNumber: string,
  q: string,
): Promise<CheckInList> {
  const event = await checkInEvent(deps, user, eventNumber, "check-in");
  const text = q.trim().toLowerCase().slice(0, 100);
  const shortCode = normalShortCode(text) ?? "";
  let query = peopleQuery(deps.db, event.id);
  if (text) {
    const like = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query = query.where((eb) =>
      eb.or([
        eb(sql<string>`lower(u."firstName" || ' ' || coalesce(u."lastName", ''))`, "like", like),
        eb("m.userId", "in", (sub) =>
          sub
            .selectFrom("tickets")
            .select("userId")
            .where("eventId", "=", event.id)
            .where("cancelledAt", "is", null)
            .where("shortCode", "=", shortCode),
        ),
      ]),
    );
  }
  const rows = await query.orderBy("u.firstName").orderBy("u.lastName").limit(LIST_LIMIT).execute();
  return { ...(await counts(deps, event.id)), people: rows.map(toPerson) };
}

/** GET /event/{n}/check-in/offline: what a device keeps to check tickets with no network. */
export async function offlineCheckIn(
  deps: CheckInDeps,
  user: UserRow,
  eventNumber: string,
): Promise<OfflineCheckIn> {
  const event = await checkInEvent(deps, user, eventNumber, "check-in");
  const at = deps.clock.now().toISOString();
  const keys = await eventKeys(deps.db, event.id, at);
  const [rows, cancelled] = await Promise.all([
    peopleQuery(deps.db, event.id)
      .leftJoin("tickets as t", (join) =>
        join
          .onRef("t.eventId", "=", "m.eventId")
          .onRef("t.userId", "=", "m.userId")
          .onRef("t.registrationId", "=", "m.registrationId")
          .on("t.cancelledAt", "is", null),
      )
      .select("t.shortCode")
      .orderBy("u.firstName")
      .orderBy("u.lastName")
      .execute(),
    deps.db
      .selectFrom("tickets")
      .select("id")
      .where("eventId", "=", event.id)
      .where("cancelledAt", "is not", null)
      .execute(),
  ]);
  // With each live ticket's short code, so a code typed at the gate is known with no network.
  const people = rows.map((row) => ({ ...toPerson(row), shortCode: row.shortCode ?? null }));
  return {
    publicKey: keys.publicKey,
    people,
    cancelled: cancelled.map((t) => t.id),
    checkedIn: people.filter((p) => p.checkedInAt).length,
    at,
  };
}
