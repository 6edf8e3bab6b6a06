/** The team's activity log (SPEC-3 §1): one row per write, in the write's own transaction. */
import { ACTIVITY_PAGE_SIZE, type ActivityItem } from "#server/contracts/team";
import type { Role } from "#server/contracts/team-roles";
import type { Db } from "#server/db/connect";
import type { UserRow } from "#server/db/schema";
import type { Deps } from "#server/lib/deps";
import { badRequest } from "#server/lib/errors";
import { type Access, requireRight } from "./permissions";

export const ACTIONS = [
  "event.saved",
  "event.published",
  "event.unpublished",
  "event.duplicated",
  "registration.closed",
  "announcement.posted",
  "announcement.edited",
  "announcement.deleted",
  "results.saved",
  "winners.saved",
  "certificates.issued",
  "certificate.revoked",
  "team.invited",
  "team.joined",
  "team.role-changed",
  "team.removed",
  "judging.saved",
  "judging.opened",
  "judging.closed",
  "quiz.saved",
  "check-in.undone",
  "event.payee-changed",
  "payment.confirmed",
  "payment.rejected",
  "payment.refunded",
  "payments.imported",
  "coupon.created",
  "coupon.disabled",
] as const;
export type ActivityAction = (typeof ACTIONS)[number];

export function fullName(user: Pick<UserRow, "firstName" | "lastName">): string {
  return [user.firstName, user.lastName].filter(Boolean).join(" ");
}

/**
 * Records one write. Call it with the transaction of the write, so the log holds a line exactly
 * when the write happened. `says` is the rest of the sentence after the actor's name.
 */
export async function recordActivity(
  trx: Db,
  deps: Pick<Deps, "clock">,
  access: Pick<Access, "event" | "user" | "role">,
  action: ActivityAction,
  says: string,
): Promise<void> {
  await trx
    .insertInto("eventActivity")
    .values({
      eventId: access.event.id,
      at: deps.clock.now().toISOString(),
      actorId: access.user.id,
      actorRole: access.role,
      action,
      summary: `${fullName(access.user)} ${says}`,
    })
    .execute();
}

/** GET /event/{n}/activity: newest first, 50 a page; `next` is the cursor of the next page. */
export async function listActivity(
  deps: Pick<Deps, "db">,
  user: UserRow | null,
  eventNumber: string,
  before: string | undefined,
): Promise<{ items: ActivityItem[]; next: string | null }> {
  const { event } = await requireRight(deps, user, eventNumber, "activity");
  if (before !== undefined && !/^[1-9]\d{0,15}$/.test(before))
    throw badRequest("Invalid cursor", { before: ["Invalid cursor"] });
  let query = deps.db
    .selectFrom("eventActivity as a")
    .innerJoin("users as u", "u.id", "a.actorId")
    .select(["a.id", "a.at", "a.actorRole", "a.action", "a.summary", "u.firstName", "u.lastName"])
    .where("a.eventId", "=", event.id)
    .orderBy("a.id", "desc")
    .limit(ACTIVITY_PAGE_SIZE + 1);
  if (before) query = query.where("a.id", "<", Number(before));
  const rows = await query.execute();
  const page = rows.slice(0, ACTIVITY_PAGE_SIZE);
  return {
    items: page.map((r) => ({
      at: r.at,
      actor: { firstName: r.firstName, lastName: r.lastName ?? "", role: r.actorRole as Role },
      action: r.action,
      summary: r.summary,
    })),
    next: rows.length > ACTIVITY_PAGE_SIZE ? String(page[page.length - 1].id) : null,
  };
}
