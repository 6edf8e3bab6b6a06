import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { EventRow } from "#server/db/schema";
import { ApiError } from "#server/lib/errors";
import { refuseUnlessTakingPart, takePart } from "#server/services/rounds/participation";
import { createTestApi, engines, type TestApi } from "#tests/helpers/api";
import { insertEvent, insertRegistration } from "#tests/helpers/events";
import { storedRound } from "#tests/helpers/rounds";
import { createUserWithSession } from "#tests/helpers/users";

/**
 * SPEC-3 §2 "Who takes part in round i": each refusal, and the first of several that apply.
 * Rounds: 0 an eliminator with results, 1 an eliminator without results, 2 a submission round
 * open now, 3 a quiz not started, 4 a submission round closed, 5 an eliminator with results,
 * 6 a submission round open now (after round 5).
 */
const NOW = new Date("2026-11-21T06:30:00.000Z");

async function refusal(taking: Parameters<typeof refuseUnlessTakingPart>[0]) {
  try {
    refuseUnlessTakingPart(taking);
    return null;
  } catch (e) {
    if (!(e instanceof ApiError)) throw e;
    return { status: e.status, message: e.message };
  }
}

async function failure(p: Promise<unknown>) {
  return p.then(
    () => null,
    (e: ApiError) => ({ status: e.status, message: e.message }),
  );
}

describe.each(engines)("who takes part in a round (%s)", (engine) => {
  let t: TestApi;
  let event: EventRow;
  const user: Record<string, { id: string }> = {};

  beforeAll(async () => {
    t = await createTestApi(engine, { now: NOW.toISOString() });
    const owner = await createUserWithSession(t.deps);
    const rounds = [
      storedRound(NOW, "r0", { hours: -100, length: 2, isEliminatorRound: "true" }),
      storedRound(NOW, "r1", { hours: -90, length: 2, isEliminatorRound: "true" }),
      storedRound(NOW, "r2", { hours: -1, kind: "submission" }),
      storedRound(NOW, "r3", { hours: 5, kind: "quiz" }),
      storedRound(NOW, "r4", { hours: -10, length: 2, kind: "submission" }),
      storedRound(NOW, "r5", { hours: -8, length: 2, isEliminatorRound: "true" }),
      storedRound(NOW, "r6", { hours: -1, kind: "submission" }),
    ];
    event = await insertEvent(t.deps, owner.user.id, {
      participationType: "team",
      minTeam: 2,
      maxTeam: 3,
      rounds: JSON.stringify(rounds),
    });
    for (const name of ["stranger", "lonely", "a1", "a2", "o1", "o2", "b1", "b2"])
      user[name] = (await createUserWithSession(t.deps, { firstName: name })).user;
    const lonely = await insertRegistration(t.deps, event, [user.lonely.id], "team");
    const advanced = await insertRegistration(t.deps, event, [user.a1.id, user.a2.id]);
    const out = await insertRegistration(t.deps, event, [user.o1.id, user.o2.id]);
    const late = await insertRegistration(t.deps, event, [user.b1.id, user.b2.id]);
    const result = (roundIndex: number, registrationId: string, advanced: number) => ({
      eventId: event.id,
      roundIndex,
      registrationId,
      advanced,
      updatedAt: NOW.toISOString(),
    });
    await t.db
      .insertInto("roundResults")
      .values([
        result(0, advanced, 1),
        result(0, out, 0),
        result(0, lonely, 0),
        result(0, late, 0),
        result(5, advanced, 0),
        result(5, late, 1),
      ])
      .execute();
  });
  afterAll(() => t.close());

  const take = (who: string, index: number | string, kind: "submission" | "quiz" = "submission") =>
    takePart(t.deps, user[who], event, index, kind);

  it("takes part: a complete team that advanced, in the round's window", async () => {
    const taking = await take("a1", 2);
    expect(taking.reason).toBeNull();
    expect(taking.round._id).toBe("r2xxxxxxxxxx");
    expect(taking.registration?.size).toBe(2);
    expect(await refusal(taking)).toBeNull();
  });

  it("not-registered: 403 'Only registered participants can take part'", async () => {
    const taking = await take("stranger", 2);
    expect(taking).toMatchObject({ reason: "not-registered", registration: null });
    expect(await refusal(taking)).toEqual({
      status: 403,
      message: "Only registered participants can take part",
    });
  });

  it("incomplete-team: 409 'Your team needs {k} more to take part', before not-advanced", async () => {
    const taking = await take("lonely", 2);
    expect(taking.reason).toBe("incomplete-team");
    expect(await refusal(taking)).toEqual({
      status: 409,
      message: "Your team needs 1 more to take part",
    });
  });

  it("not-advanced: 409 'You did not advance to this round', before the window", async () => {
    const open = await take("o1", 2);
    expect(open.reason).toBe("not-advanced");
    expect(await refusal(open)).toEqual({
      status: 409,
      message: "You did not advance to this round",
    });
    expect((await take("o1", 4)).reason).toBe("not-advanced");
    expect((await take("o1", 3, "quiz")).reason).toBe("not-advanced");
  });

  it("only the last eliminator round with results counts; one without results does not", async () => {
    // Round 6 follows round 5: a1 advanced from round 0 but not from 5; b1 the other way round.
    expect((await take("a1", 6)).reason).toBe("not-advanced");
    expect((await take("b1", 6)).reason).toBeNull();
    // Round 2 follows rounds 0 (results) and 1 (an eliminator without results).
    expect((await take("b1", 2)).reason).toBe("not-advanced");
  });

  it("not-started: 409 'This round has not started yet'", async () => {
    const taking = await take("a2", 3, "quiz");
    expect(taking.reason).toBe("not-started");
    expect(await refusal(taking)).toEqual({
      status: 409,
      message: "This round has not started yet",
    });
  });

  it("closed: 409 'This round is closed'", async () => {
    const taking = await take("a2", 4);
    expect(taking.reason).toBe("closed");
    expect(await refusal(taking)).toEqual({ status: 409, message: "This round is closed" });
  });

  it("a round of another kind is 409, an unknown round 404", async () => {
    expect(await failure(take("a1", 2, "quiz"))).toEqual({
      status: 409,
      message: "This round is not a quiz",
    });
    expect(await failure(take("a1", 3, "submission"))).toEqual({
      status: 409,
      message: "This round does not take submissions",
    });
    expect(await failure(take("a1", 0, "submission"))).toEqual({
      status: 409,
      message: "This round does not take submissions",
    });
    expect(await failure(take("a1", 7))).toEqual({ status: 404, message: "Round not found" });
    expect(await failure(take("a1", "x1"))).toEqual({ status: 404, message: "Round not found" });
  });
});
