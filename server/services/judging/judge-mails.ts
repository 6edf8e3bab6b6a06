/**
 * Mails to judges (issue 45): when judging opens, each judge of the round with their number of
 * submissions; when a judge is added to an open round, that judge. Queued in the transaction
 * that makes the change, so a rolled-back change mails nobody.
 */
import type { Db } from "#server/db/connect";
import type { Deps } from "#server/lib/deps";
import { judgingOpenedMail } from "#server/mail/judging-mails";
import type { JudgingRound } from "./judging-round";

export type MailDeps = Pick<Deps, "mail" | "config">;

/** Queues one mail per judge in `counts` (judge's user id → submissions assigned). */
export async function queueJudgeMails(
  trx: Db,
  deps: MailDeps,
  found: Pick<JudgingRound, "event" | "index" | "round">,
  counts: Map<string, number>,
  added = false,
): Promise<void> {
  const ids = [...counts.keys()];
  if (!ids.length) return;
  const people = await trx
    .selectFrom("users")
    .select(["id", "email", "firstName"])
    .where("id", "in", ids)
    .execute();
  const round = { index: found.index, title: found.round.title };
  await deps.mail.queue(
    trx,
    people.map((p) =>
      judgingOpenedMail(deps.config.appUrl, p, found.event, round, counts.get(p.id) ?? 0, added),
    ),
  );
}

/** Each judge's number of assignments, every judge listed (0 for one with none). */
export function countsOf(
  judges: readonly string[],
  assignments: readonly { judgeId: string }[],
): Map<string, number> {
  const counts = new Map(judges.map((j) => [j, 0]));
  for (const a of assignments) counts.set(a.judgeId, (counts.get(a.judgeId) ?? 0) + 1);
  return counts;
}
