import type { Round } from "#server/contracts/event-shape";
import {
  NOT_A_REGISTRATION,
  NOT_ADVANCED,
  type PublicEntrant,
  ROUND_NOT_FOUND,
  type RoundResult,
  resultsSchema,
} from "#server/contracts/organiser";
import type { UserRow } from "#server/db/schema";
import type { Deps } from "#server/lib/deps";
import { badRequest, notFound, parseBody } from "#server/lib/errors";
import { roundResultMail } from "#server/mail/organiser-mails";
import { roundsOf } from "#server/services/rounds/rounds";
import { recordActivity } from "#server/services/team/activity";
import { requireRight } from "#server/services/team/permissions";
import {
  type EntrantRow,
  entrantsOf,
  peopleOf,
} from "#server/services/registration/registration-data";

type ResultDeps = Pick<Deps, "db" | "clock" | "mail" | "config">;

/** How the public reads an entrant: a team's name, or "Asha V., IIT Delhi". */
export function publicEntrant(e: EntrantRow): PublicEntrant {
  if (e.teamName) return { _id: e._id, name: e.teamName };
  const initial = e.lastName?.trim() ? ` ${e.lastName.trim()[0]!.toUpperCase()}.` : "";
  return {
    _id: e._id,
    name: `${e.firstName}${initial}${e.collegeName ? `, ${e.collegeName}` : ""}`,
  };
}

/** Advanced registration ids per round index, for rounds with saved results. */
export async function advancedByRound(
  db: Deps["db"],
  eventId: number,
): Promise<Map<number, Set<string>>> {
  const rows = await db
    .selectFrom("roundResults")
    .select(["roundIndex", "registrationId", "advanced"])
    .where("eventId", "=", eventId)
    .execute();
  const out = new Map<number, Set<string>>();
  for (const r of rows) {
    const set = out.get(r.roundIndex) ?? new Set<string>();
    if (r.advanced) set.add(r.registrationId);
    out.set(r.roundIndex, set);
  }
  return out;
}

/** Who takes part in round `index`: everyone, less those out of an earlier eliminator round. */
export function entrantsOfRound(
  all: EntrantRow[],
  rounds: Round[],
  advanced: Map<number, Set<string>>,
  index: number,
): EntrantRow[] {
  let inRound = all;
  for (let j = 0; j < index; j++) {
    if (rounds[j]?.isEliminatorRound !== "true") continue;
    const passed = advanced.get(j) ?? new Set<string>();
    inRound = inRound.filter((e) => passed.has(e._id));
  }
  return inRound;
}

/**
 * Saves who advanced from round `index` and mails each registrant of the round whether they
 * advanced: once, and after a change only those whose result changed.
 */
export async function saveResults(
  deps: ResultDeps,
  user: UserRow,
  eventNumber: string,
  indexParam: string,
  body: unknown,
): Promise<RoundResult> {
  const access = await requireRight(deps, user, eventNumber, "organise");
  const { event } = access;
  const rounds = roundsOf(event);
  const index = /^\d{1,3}$/.test(indexParam) ? Number(indexParam) : -1;
  const round = rounds[index];
  if (!round) throw notFound(ROUND_NOT_FOUND);
  const { advancing } = parseBody(resultsSchema, body);
  const picked = new Set(advancing);
  const all = await entrantsOf(deps.db, event.id);
  const inRound = entrantsOfRound(all, rounds, await advancedByRound(deps.db, event.id), index);
  const known = new Set(all.map((e) => e._id));
  const eligible = new Set(inRound.map((e) => e._id));
  for (const id of picked) {
    if (!known.has(id)) throw badRequest(NOT_A_REGISTRATION, { advancing: [NOT_A_REGISTRATION] });
    if (!eligible.has(id)) throw badRequest(NOT_ADVANCED, { advancing: [NOT_ADVANCED] });
  }
  const now = deps.clock.now().toISOString();
  await deps.db.transaction().execute(async (trx) => {
    const before = new Map(
      (
        await trx
          .selectFrom("roundResults")
          .select(["registrationId", "advanced"])
          .where("eventId", "=", event.id)
          .where("roundIndex", "=", index)
          .execute()
      ).map((r) => [r.registrationId, r.advanced]),
    );
    const changed = new Map<string, number>();
    for (const e of inRound) {
      const advanced = picked.has(e._id) ? 1 : 0;
      if (before.get(e._id) !== advanced) changed.set(e._id, advanced);
    }
    const gone = [...before.keys()].filter((id) => !eligible.has(id));
    for (let i = 0; i < gone.length; i += 500) {
      await trx
        .deleteFrom("roundResults")
        .where("eventId", "=", event.id)
        .where("roundIndex", "=", index)
        .where("registrationId", "in", gone.slice(i, i + 500))
        .execute();
    }
    const rows = [...changed].map(([registrationId, advanced]) => ({
      eventId: event.id,
      roundIndex: index,
      registrationId,
      advanced,
      updatedAt: now,
    }));
    for (let i = 0; i < rows.length; i += 200) {
      await trx
        .insertInto("roundResults")
        .values(rows.slice(i, i + 200))
        .onConflict((oc) =>
          oc.columns(["eventId", "roundIndex", "registrationId"]).doUpdateSet((eb) => ({
            advanced: eb.ref("excluded.advanced"),
            updatedAt: eb.ref("excluded.updatedAt"),
          })),
        )
        .execute();
    }
    await recordActivity(
      trx,
      deps,
      access,
      "results.saved",
      `saved the results of round ${index + 1}: ${picked.size} advancing`,
    );
    if (changed.size === 0) return;
    for (const person of await peopleOf(trx, event.id, [...changed.keys()])) {
      const mail = roundResultMail(
        deps.config.appUrl,
        person,
        event,
        round,
        changed.get(person.registrationId) === 1,
      );
      await deps.mail.queue(trx, mail);
    }
  });
  deps.mail.poke();
  return {
    index,
    title: round.title,
    advancing: inRound.filter((e) => picked.has(e._id)).map(publicEntrant),
  };
}
