import type { Entrant, ResultsBoard } from "#server/contracts/organiser";

/** Past this many entrants, a round's checkboxes (or the winners' selects) open on request. */
export const INLINE_ENTRANTS = 100;

export interface PageBoard {
  rounds: (ResultsBoard["rounds"][number] & {
    count: number;
    advancedCount: number;
    shown: boolean;
  })[];
  winners: {
    shown: boolean;
    entrants: Entrant[];
    current: { rank: number; registrationId: string; name: string }[];
  };
}

/**
 * What the organiser page sends to the browser: a large event's forms stay closed until asked
 * for (`?round=i`, `?pick=winners`), so the page does not carry thousands of checkboxes and
 * options it does not show.
 */
export function pageBoard(
  board: ResultsBoard,
  open: { round: number | null; pick: boolean },
): PageBoard {
  const names = new Map(board.entrants.map((e) => [e._id, e.name]));
  const winnersShown = open.pick || board.entrants.length <= INLINE_ENTRANTS;
  return {
    rounds: board.rounds.map((r) => {
      const shown = open.round === r.index || r.entrants.length <= INLINE_ENTRANTS;
      return {
        ...r,
        entrants: shown ? r.entrants : [],
        count: r.entrants.length,
        advancedCount: r.entrants.filter((e) => e.advanced).length,
        shown,
      };
    }),
    winners: {
      shown: winnersShown,
      entrants: winnersShown ? board.entrants : [],
      current: board.winners.map((w) => ({ ...w, name: names.get(w.registrationId) ?? "" })),
    },
  };
}

/** How many people saving a round's results mails: those whose result is new or changes. */
export function resultsMailCount(
  round: ResultsBoard["rounds"][number],
  advancing: Set<string>,
): number {
  return round.entrants
    .filter((e) => !e.mailed || e.advanced !== advancing.has(e._id))
    .reduce((sum, e) => sum + e.people, 0);
}

/** How many people saving the winners mails: members of winners whose rank is new to them. */
export function winnersMailCount(
  board: ResultsBoard,
  winners: { rank: number; registrationId: string }[],
): number {
  const before = new Map(board.winners.map((w) => [w.registrationId, w.rank]));
  const byRank = new Map<number, string>();
  for (const w of winners)
    if (w.registrationId) byRank.set(w.rank, w.registrationId);
    else byRank.delete(w.rank);
  const rankOf = new Map([...byRank].map(([rank, id]) => [id, rank]));
  const people = new Map(board.entrants.map((e) => [e._id, e.people]));
  return [...rankOf]
    .filter(([id, rank]) => before.get(id) !== rank)
    .reduce((sum, [id]) => sum + (people.get(id) ?? 0), 0);
}
