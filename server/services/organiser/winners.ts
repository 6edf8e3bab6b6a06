import { PRIZE_RANK_LABELS } from "#server/contracts/constants";
import type { Prize } from "#server/contracts/event-shape";
import {
  NOT_A_PRIZE_RANK,
  NOT_A_WINNER,
  ONE_PRIZE_EACH,
  type Results,
  winnersSchema,
} from "#server/contracts/organiser";
import type { EventRow, UserRow } from "#server/db/schema";
import type { Deps } from "#server/lib/deps";
import { badRequest, parseBody } from "#server/lib/errors";
import { winnerMail } from "#server/mail/organiser-mails";
import { recordActivity } from "#server/services/team/activity";
import { requireRight, visibleEvent } from "#server/services/team/permissions";
import {
  type EntrantRow,
  entrantsOf,
  peopleOf,
} from "#server/services/registration/registration-data";
import { roundsOf } from "#server/services/rounds/rounds";
import { advancedByRound, publicEntrant } from "./results";

type WinnerDeps = Pick<Deps, "db" | "clock" | "mail" | "config">;

function prizeRanks(event: EventRow): Set<number> {
  try {
    const v = JSON.parse(event.prizes ?? "[]") as Prize[];
    return new Set(Array.isArray(v) ? v.map((p) => p.rank) : []);
  } catch {
    return new Set();
  }
}

/**
 * Sets the winners (every rank at once; a rank left out has no winner) and mails each winner
 * whose rank is new to them.
 */
export async function saveWinners(
  deps: WinnerDeps,
  user: UserRow,
  eventNumber: string,
  body: unknown,
): Promise<Results["winners"]> {
  const access = await requireRight(deps, user, eventNumber, "organise");
  const { event } = access;
  const input = parseBody(winnersSchema, body);
  const ranks = prizeRanks(event);
  const byRank = new Map<number, string>();
  for (const w of input.winners) {
    if (!ranks.has(w.rank)) throw badRequest(NOT_A_PRIZE_RANK, { winners: [NOT_A_PRIZE_RANK] });
    if (w.registrationId) byRank.set(w.rank, w.registrationId);
    else byRank.delete(w.rank);
  }
  const all = new Map((await entrantsOf(deps.db, event.id)).map((e) => [e._id, e]));
  const ids = [...byRank.values()];
  if (ids.some((id) => !all.has(id))) throw badRequest(NOT_A_WINNER, { winners: [NOT_A_WINNER] });
  if (new Set(ids).size !== ids.length)
    throw badRequest(ONE_PRIZE_EACH, { winners: [ONE_PRIZE_EACH] });
  const now = deps.clock.now().toISOString();
  await deps.db.transaction().execute(async (trx) => {
    const before = new Map(
      (
        await trx
          .selectFrom("eventWinners")
          .select(["rank", "registrationId"])
          .where("eventId", "=", event.id)
          .execute()
      ).map((w) => [w.registrationId, w.rank]),
    );
    await trx.deleteFrom("eventWinners").where("eventId", "=", event.id).execute();
    if (byRank.size > 0)
      await trx
        .insertInto("eventWinners")
        .values(
          [...byRank].map(([rank, registrationId]) => ({
            eventId: event.id,
            rank,
            registrationId,
            createdAt: now,
          })),
        )
        .execute();
    const picked = `${byRank.size} of ${ranks.size} prize${ranks.size === 1 ? "" : "s"} awarded`;
    await recordActivity(trx, deps, access, "winners.saved", `saved the winners: ${picked}`);
    const rankOf = new Map([...byRank].map(([rank, id]) => [id, rank]));
    const fresh = ids.filter((id) => before.get(id) !== rankOf.get(id));
    if (fresh.length === 0) return;
    for (const person of await peopleOf(trx, event.id, fresh)) {
      const rank = rankOf.get(person.registrationId)!;
      const label = PRIZE_RANK_LABELS[rank] ?? `Rank ${rank}`;
      await deps.mail.queue(trx, winnerMail(deps.config.appUrl, person, event, label));
    }
  });
  deps.mail.poke();
  return [...byRank]
    .sort(([a], [b]) => a - b)
    .map(([rank, id]) => ({ rank, ...publicEntrant(all.get(id)!) }));
}

async function winnersOf(deps: Pick<Deps, "db">, eventId: number, all: Map<string, EntrantRow>) {
  const rows = await deps.db
    .selectFrom("eventWinners")
    .select(["rank", "registrationId"])
    .where("eventId", "=", eventId)
    .orderBy("rank")
    .execute();
  return rows
    .filter((w) => all.has(w.registrationId))
    .map((w) => ({ rank: w.rank, ...publicEntrant(all.get(w.registrationId)!) }));
}

/** GET /event/{n}/results: each round with saved results and who advanced, and the winners. */
export async function getResults(
  deps: Pick<Deps, "db">,
  eventNumber: string,
  viewer: UserRow | null,
): Promise<Results> {
  const event = await visibleEvent(deps, eventNumber, viewer);
  const all = new Map((await entrantsOf(deps.db, event.id)).map((e) => [e._id, e]));
  const advanced = await advancedByRound(deps.db, event.id);
  const rounds = roundsOf(event).flatMap((round, index) => {
    const ids = advanced.get(index);
    if (!ids) return [];
    const advancing = [...all.values()].filter((e) => ids.has(e._id)).map(publicEntrant);
    return [{ index, title: round.title, advancing }];
  });
  return { rounds, winners: await winnersOf(deps, event.id, all) };
}
