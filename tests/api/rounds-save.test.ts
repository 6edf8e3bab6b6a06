import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Round } from "#server/contracts/event-shape";
import type { EventRow } from "#server/db/schema";
import { createTestApi, engines, type TestApi } from "#tests/helpers/api";
import { insertEvent, insertRegistration } from "#tests/helpers/events";
import { createUserWithSession } from "#tests/helpers/users";

/**
 * SPEC-3 §2, the Rounds panel's save: kinds, stable ids sent back, new rounds, removed rounds,
 * order, and the 409 for a round that has started on Utsav.
 */
const NOW = "2026-11-21T06:30:00.000Z";
const STARTED = "This round has started and cannot be removed or changed";

const typed = (title: string, extra: Partial<Round> = {}) => ({
  title,
  description: `What happens in ${title}`,
  startDate: "2026-12-01T10:00",
  endDate: "2026-12-02T10:00",
  isEliminatorRound: "false",
  ...extra,
});

describe.each(engines)("the rounds save on %s", (engine) => {
  let t: TestApi;
  let owner: { cookie: string; user: { id: string } };
  let event: EventRow;

  async function save(rounds: unknown[]) {
    const res = await t.request(`/event/create/${event.eventNumber}/step3/rounds`, {
      method: "POST",
      json: { rounds },
      cookie: owner.cookie,
    });
    return { status: res.status, body: await res.json() };
  }
  async function saved(): Promise<Round[]> {
    const res = await t.request(`/event/details/${event.eventNumber}`, { cookie: owner.cookie });
    return (await res.json()).rounds;
  }

  beforeAll(async () => {
    t = await createTestApi(engine, { now: NOW, config: { rateLimit: false } });
    owner = await createUserWithSession(t.deps);
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    event = await insertEvent(t.deps, owner.user.id);
  });

  it("gives new rounds ids and kinds, offline by default, and requirements only to submission rounds", async () => {
    const res = await save([
      typed("Prelims"),
      typed("Ideas", { kind: "submission", requireFile: true, requireLink: true }),
      typed("Quiz", { kind: "quiz", requireFile: true }),
    ]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const rounds: Round[] = res.body.rounds;
    expect(rounds.map((r) => [r.kind, r.requireFile, r.requireLink])).toEqual([
      ["offline", false, false],
      ["submission", true, true],
      ["quiz", false, false],
    ]);
    for (const r of rounds) expect(r._id).toMatch(/^[A-Za-z0-9_-]{12,}$/);
    expect(new Set(rounds.map((r) => r._id)).size).toBe(3);
    expect(await saved()).toEqual(rounds);
  });

  it("keeps the id of a round sent back, gives one to a round without, drops one left out, in list order", async () => {
    const first = (await save([typed("Round A"), typed("Round B"), typed("Round C")])).body
      .rounds as Round[];
    const [a, b, c] = first;
    const res = await save([
      { ...c, title: "Round C again" },
      typed("New"),
      { ...a, _id: a._id },
      // Someone else's id, or a malformed one, is a new round.
      typed("Bogus", { _id: "not an id!" }),
    ]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const rounds: Round[] = res.body.rounds;
    expect(rounds.map((r) => r.title)).toEqual(["Round C again", "New", "Round A", "Bogus"]);
    expect(rounds[0]._id).toBe(c._id);
    expect(rounds[2]._id).toBe(a._id);
    const ids = rounds.map((r) => r._id);
    expect(ids).not.toContain(b._id);
    expect(new Set(ids).size).toBe(4);
    expect(ids[3]).not.toBe("not an id!");
  });

  it("gives a second copy of the same id a new one", async () => {
    const [a] = (await save([typed("Round A")])).body.rounds as Round[];
    const res = await save([a, { ...a, title: "Copy" }]);
    expect(res.status).toBe(200);
    expect(res.body.rounds[0]._id).toBe(a._id);
    expect(res.body.rounds[1]._id).not.toBe(a._id);
  });

  describe("a started round", () => {
    let rounds: Round[];
    beforeEach(async () => {
      rounds = (
        await save([
          typed("Ideas", { kind: "submission" }),
          typed("Finals"),
          typed("Later", { kind: "quiz" }),
        ])
      ).body.rounds;
    });

    async function submitTo(round: Round) {
      const member = await createUserWithSession(t.deps);
      const registrationId = await insertRegistration(t.deps, event, [member.user.id]);
      await t.db
        .insertInto("submissions")
        .values({
          id: `sub-${registrationId}`,
          eventId: event.id,
          roundId: round._id,
          registrationId,
          title: "Idea",
          description: "An idea worth trying",
          links: "[]",
          submittedAt: NOW,
          updatedAt: NOW,
          updatedBy: member.user.id,
        })
        .execute();
    }

    it("with a submission cannot be removed, moved or re-kinded; its dates and texts may change", async () => {
      await submitTo(rounds[0]);
      const [ideas, finals, later] = rounds;
      const removed = await save([finals, later]);
      expect(removed).toEqual({ status: 409, body: { message: STARTED } });
      const moved = await save([finals, ideas, later]);
      expect(moved).toEqual({ status: 409, body: { message: STARTED } });
      const shifted = await save([typed("Warm-up"), ideas, finals, later]);
      expect(shifted).toEqual({ status: 409, body: { message: STARTED } });
      const rekinded = await save([{ ...ideas, kind: "offline" }, finals, later]);
      expect(rekinded).toEqual({ status: 409, body: { message: STARTED } });
      expect(await saved()).toEqual(rounds);

      const edited = await save([
        { ...ideas, title: "Ideas v2", endDate: "2026-12-03T10:00", requireFile: true },
        later,
        typed("Extra"),
      ]);
      expect(edited.status, JSON.stringify(edited.body)).toBe(200);
      expect(edited.body.rounds[0]).toMatchObject({
        _id: ideas._id,
        title: "Ideas v2",
        endDate: "2026-12-03T04:30:00.000Z",
        requireFile: true,
      });
    });

    it("with results cannot be removed either; rounds that have not started can", async () => {
      const member = await createUserWithSession(t.deps);
      const registrationId = await insertRegistration(t.deps, event, [member.user.id]);
      await t.db
        .insertInto("roundResults")
        .values({ eventId: event.id, roundIndex: 1, registrationId, advanced: 1, updatedAt: NOW })
        .execute();
      const [ideas, finals, later] = rounds;
      expect(await save([ideas, later])).toEqual({ status: 409, body: { message: STARTED } });
      expect(await save([ideas, { ...finals, kind: "quiz" }, later])).toEqual({
        status: 409,
        body: { message: STARTED },
      });
      const res = await save([{ ...ideas, kind: "quiz" }, finals]);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    });
  });
});
