import { describe, expect, it } from "vitest";
import type { ResultsBoard } from "#server/contracts/organiser";
import { INLINE_ENTRANTS, pageBoard } from "./board";

const entrants = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ _id: `r${i}`, name: `Team ${i}`, college: null }));

function board(n: number): ResultsBoard {
  const all = entrants(n);
  return {
    rounds: [
      {
        index: 0,
        title: "Round 1",
        eliminator: true,
        saved: true,
        entrants: all.map((e, i) => ({ ...e, advanced: i < 2 })),
      },
    ],
    entrants: all,
    winners: [{ rank: 1, registrationId: "r1" }],
  };
}

describe("the organiser page's results and winners forms", () => {
  it("a small event shows every checkbox and option at once", () => {
    const b = pageBoard(board(INLINE_ENTRANTS), { round: null, pick: false });
    expect(b.rounds[0]).toMatchObject({ shown: true, count: INLINE_ENTRANTS, advancedCount: 2 });
    expect(b.rounds[0]!.entrants).toHaveLength(INLINE_ENTRANTS);
    expect(b.winners).toMatchObject({ shown: true, current: [{ rank: 1, name: "Team 1" }] });
  });

  it("a large event opens a round's checkboxes or the winners' selects only when asked", () => {
    const closed = pageBoard(board(2500), { round: null, pick: false });
    expect(closed.rounds[0]).toMatchObject({
      shown: false,
      count: 2500,
      advancedCount: 2,
      entrants: [],
    });
    expect(closed.winners).toMatchObject({
      shown: false,
      entrants: [],
      current: [{ name: "Team 1" }],
    });
    const open = pageBoard(board(2500), { round: 0, pick: true });
    expect(open.rounds[0]!.entrants).toHaveLength(2500);
    expect(open.winners.entrants).toHaveLength(2500);
  });
});
