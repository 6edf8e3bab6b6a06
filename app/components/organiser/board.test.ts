import { describe, expect, it } from "vitest";
import type { ResultsBoard } from "#server/contracts/organiser";
import { INLINE_ENTRANTS, pageBoard, resultsMailCount, winnersMailCount } from "./board";

const entrants = (n: number) =>
  Array.from({ length: n }, (_, i) => ({
    _id: `r${i}`,
    name: `Team ${i}`,
    college: null,
    people: 1 + (i % 3),
  }));

function board(n: number): ResultsBoard {
  const all = entrants(n);
  return {
    rounds: [
      {
        index: 0,
        title: "Round 1",
        eliminator: true,
        saved: true,
        entrants: all.map((e, i) => ({ ...e, advanced: i < 2, mailed: true })),
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

describe("how many people a save mails (issue 31's confirmation)", () => {
  it("results: everyone of a round never mailed, then only those whose result changes", () => {
    const round = board(6).rounds[0]!; // people 1,2,3,1,2,3; r0 and r1 advanced
    expect(resultsMailCount(round, new Set(["r0", "r1"]))).toBe(0);
    // r1 out, r2 in: 2 + 3 people.
    expect(resultsMailCount(round, new Set(["r0", "r2"]))).toBe(5);
    const fresh = { ...round, entrants: round.entrants.map((e) => ({ ...e, mailed: false })) };
    expect(resultsMailCount(fresh, new Set())).toBe(12);
  });

  it("winners: only people whose rank is new to them", () => {
    const b = board(4); // r1 is rank 1 (2 people)
    expect(winnersMailCount(b, [{ rank: 1, registrationId: "r1" }])).toBe(0);
    expect(
      winnersMailCount(b, [
        { rank: 1, registrationId: "r2" },
        { rank: 2, registrationId: "r1" },
      ]),
    ).toBe(5);
    expect(winnersMailCount(b, [])).toBe(0);
  });
});
