import type { Transaction } from "kysely";
import type { Database, EventRow } from "#server/db/schema";
import type { Deps } from "#server/lib/deps";
import { newToken } from "#server/lib/crypto";
import { notFound } from "#server/lib/errors";
import { feedCalendar } from "./calendar";

/**
 * The two secret links a person has: the calendar feed (a calendar app fetches it with no
 * session, so the link is the credential; reset makes a new one and the old one answers 404) and
 * the one-click unsubscribe link of reminder mails. Both are 256-bit random tokens kept as they
 * are: unlike a password they must be shown again (the profile shows the feed link, every
 * reminder carries the unsubscribe link), and they grant only reading the calendar or turning
 * reminders off.
 */
type LinkDeps = Pick<Deps, "db" | "clock" | "config">;

const TOKEN = /^[A-Za-z0-9_-]{43}$/;

export function feedUrl(appUrl: string, token: string): string {
  return `${appUrl}/api/v1/calendar/${token}.ics`;
}

export function unsubscribeUrl(appUrl: string, token: string): string {
  return `${appUrl}/unsubscribe/${token}`;
}

/** The user's feed link, made on first use. */
export async function getCalendarUrl(deps: LinkDeps, userId: string): Promise<{ url: string }> {
  await deps.db
    .updateTable("users")
    .set({ calendarToken: newToken() })
    .where("id", "=", userId)
    .where("calendarToken", "is", null)
    .execute();
  const { calendarToken } = await deps.db
    .selectFrom("users")
    .select("calendarToken")
    .where("id", "=", userId)
    .executeTakeFirstOrThrow();
  return { url: feedUrl(deps.config.appUrl, calendarToken!) };
}

/** A new feed link; the old one stops working at once. */
export async function resetCalendarUrl(deps: LinkDeps, userId: string): Promise<{ url: string }> {
  const token = newToken();
  await deps.db
    .updateTable("users")
    .set({ calendarToken: token })
    .where("id", "=", userId)
    .execute();
  return { url: feedUrl(deps.config.appUrl, token) };
}

/** The events of a feed: every published event the person saved or registered for. */
export async function feedEvents(deps: Pick<Deps, "db">, userId: string): Promise<EventRow[]> {
  return deps.db
    .selectFrom("events")
    .selectAll()
    .where("status", "=", "active")
    .where((eb) =>
      eb.or([
        eb("id", "in", eb.selectFrom("saves").select("eventId").where("userId", "=", userId)),
        eb(
          "id",
          "in",
          eb.selectFrom("registrationMembers").select("eventId").where("userId", "=", userId),
        ),
      ]),
    )
    .orderBy("endDate")
    .execute();
}

/** The feed of a calendar token: 404 for an unknown (or reset) one. */
export async function calendarFeed(deps: LinkDeps, token: string): Promise<string> {
  if (!TOKEN.test(token)) throw notFound();
  const user = await deps.db
    .selectFrom("users")
    .select("id")
    .where("calendarToken", "=", token)
    .executeTakeFirst();
  if (!user) throw notFound();
  return feedCalendar(await feedEvents(deps, user.id), deps.config.appUrl, deps.clock.now());
}

export const UNSUBSCRIBED = "You will no longer receive reminder e-mails.";

/** One-click unsubscribe: turns reminder mails off for the token's owner. Unknown tokens 404. */
export async function unsubscribe(deps: LinkDeps, token: string): Promise<{ message: string }> {
  if (!TOKEN.test(token)) throw notFound("This link is invalid");
  const result = await deps.db
    .updateTable("users")
    .set({ emailReminders: 0 })
    .where("unsubscribeToken", "=", token)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) throw notFound("This link is invalid");
  return { message: UNSUBSCRIBED };
}

export const UNSUBSCRIBED_FOLLOWING =
  "You will no longer receive e-mails from organisations you follow.";

/** The digest's one-click unsubscribe (SPEC-4 §4): the same token turns `emailFollowing` off. */
export async function unsubscribeFollowing(
  deps: LinkDeps,
  token: string,
): Promise<{ message: string }> {
  if (!TOKEN.test(token)) throw notFound("This link is invalid");
  const result = await deps.db
    .updateTable("users")
    .set({ emailFollowing: 0 })
    .where("unsubscribeToken", "=", token)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) throw notFound("This link is invalid");
  return { message: UNSUBSCRIBED_FOLLOWING };
}

/** Unsubscribe tokens for these users, made for those who have none yet (inside the caller's transaction). */
export async function unsubscribeTokens(
  trx: Transaction<Database>,
  users: { id: string; unsubscribeToken: string | null }[],
): Promise<Map<string, string>> {
  for (const u of users) {
    if (u.unsubscribeToken) continue;
    await trx
      .updateTable("users")
      .set({ unsubscribeToken: newToken() })
      .where("id", "=", u.id)
      .where("unsubscribeToken", "is", null)
      .execute();
  }
  const tokens = new Map<string, string>();
  const ids = users.map((u) => u.id);
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await trx
      .selectFrom("users")
      .select(["id", "unsubscribeToken"])
      .where("id", "in", ids.slice(i, i + 500))
      .execute();
    for (const r of rows) if (r.unsubscribeToken) tokens.set(r.id, r.unsubscribeToken);
  }
  return tokens;
}
