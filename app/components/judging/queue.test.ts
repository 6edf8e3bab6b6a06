import { describe, expect, it } from "vitest";
import type { JudgeQueue } from "#server/contracts/judging";
import { inLeaderboardOrder, type RoundJudging } from "./judging.server";
import { nextToScore } from "./QueueList";

const item = (id: string, scored: boolean) =>
  ({
    submission: { _id: id },
    myScore: scored ? { scores: [5], comment: "", weighted: 5, updatedAt: "" } : null,
  }) as unknown as JudgeQueue["items"][number];

describe("'Save and next' (SPEC-3 §3): the next unscored submission", () => {
  const items = [item("a", false), item("b", true), item("c", false), item("d", false)];
  it("is the next unscored one after the one just saved, coming round to the start", () => {
    expect(nextToScore(items, "a")).toBe("c");
    expect(nextToScore(items, "c")).toBe("d");
    expect(nextToScore(items, "d")).toBe("a");
  });
  it("is none when every other one is scored", () => {
    expect(nextToScore([item("a", false), item("b", true)], "a")).toBeNull();
  });
});

describe("the Winners selects in the leaderboard's order", () => {
  const round = (state: "open" | "closed", order: string[]) =>
    ({
      judging: { state },
      rows: order.map((registrationId) => ({ submission: { registrationId } })),
    }) as unknown as RoundJudging;
  const entrants = [{ _id: "r1" }, { _id: "r2" }, { _id: "r3" }, { _id: "r4" }];
  it("follow the last closed judging's leaderboard, the rest after in their order", () => {
    const ordered = inLeaderboardOrder(entrants, [
      round("closed", ["r3", "r1"]),
      round("open", ["r2"]),
    ]);
    expect(ordered.map((e) => e._id)).toEqual(["r3", "r1", "r2", "r4"]);
  });
  it("stay as they were before any judging closes", () => {
    expect(inLeaderboardOrder(entrants, [round("open", ["r4"])])).toEqual(entrants);
  });
});
