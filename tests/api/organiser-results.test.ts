import { activityOf } from "#tests/helpers/team";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Results, ResultsBoard } from "#server/contracts/organiser";
import type { UserRow } from "#server/db/schema";
import { createTestApi, engines, outbox, type TestApi } from "#tests/helpers/api";
import { insertEvent } from "#tests/helpers/organiser-event";
import { registerDirect } from "#tests/helpers/registrants";
import { resultsMailCount } from "#app/components/organiser/board";
import { createUserWithSession } from "#tests/helpers/users";

describe.each(engines)("SPEC-2 §4 results and winners on %s", (engine) => {
  let t: TestApi;
  let owner: string;
  let organiserId: string;
  let teams: { n: string; id: number; regs: string[]; people: UserRow[][] };
  let solo: { n: string; regs: string[] };
  beforeAll(async () => {
    t = await createTestApi(engine);
    const o = await createUserWithSession(t.deps);
    owner = o.cookie;
    organiserId = o.user.id;
    const event = await insertEvent(t.deps, o.user.id, {
      participationType: "team",
      minTeam: 1,
      maxTeam: 2,
    });
    teams = { n: event.eventNumber, id: event.id, regs: [], people: [] };
    for (const [i, name] of ["Alpha", "Beta", "Gamma"].entries()) {
      const members = [
        (await createUserWithSession(t.deps, { firstName: `${name}1` })).user,
        (await createUserWithSession(t.deps, { firstName: `${name}2` })).user,
      ];
      teams.people.push(members);
      const at = new Date(t.clock.now().getTime() - (3 - i) * 60_000).toISOString();
      teams.regs.push(await registerDirect(t.deps, event.id, members, { teamName: name, at }));
    }
    const individual = await insertEvent(t.deps, o.user.id);
    solo = { n: individual.eventNumber, regs: [] };
    const asha = (
      await createUserWithSession(t.deps, {
        firstName: "Asha",
        lastName: "verma",
        collegeName: "IIT Delhi",
      })
    ).user;
    solo.regs.push(await registerDirect(t.deps, individual.id, [asha]));
  });
  afterAll(() => t.close());

  const save = (n: string, index: number | string, advancing: unknown) =>
    t.request(`/event/${n}/rounds/${index}/results`, {
      method: "POST",
      json: { advancing },
      cookie: owner,
    });
  const mailsAfter = async (before: number) => (await outbox(t.db)).slice(before);

  it("refuses unknown rounds (404) and ids that are not registrations of the event (400)", async () => {
    for (const index of [2, 9, -1, "x"]) {
      const res = await save(teams.n, index, []);
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ message: "Round not found" });
    }
    const other = await save(teams.n, 0, [solo.regs[0]]);
    expect(other.status).toBe(400);
    expect(await other.json()).toEqual({
      message: "Only registrations of this event can advance",
      errors: { advancing: ["Only registrations of this event can advance"] },
    });
    expect(await t.db.selectFrom("roundResults").selectAll().execute()).toEqual([]);
  });

  it("after an eliminator round, only those who advanced from it may advance", async () => {
    const res = await save(teams.n, 1, [teams.regs[0]]);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      message: "Only those who advanced from the previous round can advance",
    });
  });

  it("saving results mails each registrant of the round whether they advanced, once", async () => {
    const before = (await outbox(t.db)).length;
    const res = await save(teams.n, 0, [teams.regs[0], teams.regs[1]]);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      index: 0,
      title: "Round 1",
      advancing: [
        { _id: teams.regs[0], name: "Alpha" },
        { _id: teams.regs[1], name: "Beta" },
      ],
    });
    const mails = await mailsAfter(before);
    expect(mails).toHaveLength(6);
    const to = (u: UserRow) => mails.find((m) => m.to === u.email)!;
    expect(to(teams.people[0]![1]!).text).toContain("You advanced from Round 1");
    expect(to(teams.people[2]![0]!).text).toContain("did not advance");
    const again = (await outbox(t.db)).length;
    expect((await save(teams.n, 0, [teams.regs[0], teams.regs[1]])).status).toBe(200);
    expect(await mailsAfter(again)).toHaveLength(0);
  });

  it("a later change mails only those whose result changed", async () => {
    const before = (await outbox(t.db)).length;
    expect((await save(teams.n, 0, [teams.regs[0], teams.regs[2]])).status).toBe(200);
    const mails = await mailsAfter(before);
    expect(mails.map((m) => m.to).sort()).toEqual(
      [...teams.people[1]!, ...teams.people[2]!].map((u) => u.email).sort(),
    );
    // Round 2 now takes Alpha and Gamma only.
    const board = (await (
      await t.request(`/event/${teams.n}/results/board`, { cookie: owner })
    ).json()) as ResultsBoard;
    expect(board.rounds[1]!.entrants.map((e) => e.name)).toEqual(["Alpha", "Gamma"]);
    expect(board.rounds[0]).toMatchObject({ saved: true, eliminator: true });
    expect((await save(teams.n, 1, [teams.regs[1]])).status).toBe(400);
    expect((await save(teams.n, 1, [teams.regs[2]])).status).toBe(200);
  });

  it("the board's people and mailed flags predict exactly who a save mails (issue 31's confirmation)", async () => {
    const event = await insertEvent(t.deps, organiserId, {
      participationType: "team",
      minTeam: 1,
      maxTeam: 3,
    });
    const regs: string[] = [];
    for (const [i, size] of [3, 1, 2].entries()) {
      const members = [];
      for (let j = 0; j < size; j++)
        members.push((await createUserWithSession(t.deps, { firstName: `M${i}x${j}` })).user);
      regs.push(await registerDirect(t.deps, event.id, members, { teamName: `Team ${i}` }));
    }
    const board = async () =>
      (await (
        await t.request(`/event/${event.eventNumber}/results/board`, { cookie: owner })
      ).json()) as ResultsBoard;
    const saveAndCount = async (advancing: string[]) => {
      const round = (await board()).rounds[0]!;
      const predicted = resultsMailCount(round, new Set(advancing));
      const before = (await outbox(t.db)).length;
      expect((await save(event.eventNumber, 0, advancing)).status).toBe(200);
      expect((await mailsAfter(before)).length).toBe(predicted);
      return predicted;
    };
    const first = await board();
    expect(regs.map((id) => first.entrants.find((e) => e._id === id)?.people)).toEqual([3, 1, 2]);
    expect(first.rounds[0]!.entrants.every((e) => !e.mailed)).toBe(true);
    expect(await saveAndCount([regs[0]!])).toBe(6);
    expect((await board()).rounds[0]!.entrants.every((e) => e.mailed)).toBe(true);
    expect(await saveAndCount([regs[0]!])).toBe(0);
    expect(await saveAndCount([regs[2]!])).toBe(5);
    // Someone new since the last save is mailed even when left unticked.
    const late = (await createUserWithSession(t.deps, { firstName: "Late" })).user;
    await registerDirect(t.deps, event.id, [late], { teamName: "Late Team" });
    expect(await saveAndCount([regs[2]!])).toBe(1);
  });

  it("the public reads who advanced: team names, or first name, last initial and college", async () => {
    const res = (await (await t.request(`/event/${teams.n}/results`)).json()) as Results;
    expect(res.rounds.map((r) => [r.title, r.advancing.map((a) => a.name)])).toEqual([
      ["Round 1", ["Alpha", "Gamma"]],
      ["Finale", ["Gamma"]],
    ]);
    expect((await save(solo.n, 0, solo.regs)).status).toBe(200);
    const soloRes = (await (await t.request(`/event/${solo.n}/results`)).json()) as Results;
    expect(soloRes.rounds[0]!.advancing).toEqual([
      { _id: solo.regs[0], name: "Asha V., IIT Delhi" },
    ]);
  });

  it("winners: only prize ranks, only registrations of the event, one prize each", async () => {
    const post = (winners: unknown) =>
      t.request(`/event/${teams.n}/winners`, { method: "POST", json: { winners }, cookie: owner });
    const cases: [unknown, string][] = [
      [
        [{ rank: 3, registrationId: teams.regs[0] }],
        "Winners can be picked only for the event's prize ranks",
      ],
      [[{ rank: 1, registrationId: solo.regs[0] }], "Only registrations of this event can win"],
      [
        [
          { rank: 1, registrationId: teams.regs[0] },
          { rank: 2, registrationId: teams.regs[0] },
        ],
        "A registration can win only one prize",
      ],
    ];
    for (const [winners, message] of cases) {
      const res = await post(winners);
      expect(res.status).toBe(400);
      expect((await res.json()).message).toBe(message);
    }
    expect(await t.db.selectFrom("eventWinners").selectAll().execute()).toEqual([]);
  });

  it("winners are saved, mailed, and shown beside their prize; changing one mails only the new one", async () => {
    const post = (winners: unknown) =>
      t.request(`/event/${teams.n}/winners`, { method: "POST", json: { winners }, cookie: owner });
    const before = (await outbox(t.db)).length;
    const res = await post([
      { rank: 1, registrationId: teams.regs[2] },
      { rank: 2, registrationId: teams.regs[0] },
    ]);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      winners: [
        { rank: 1, _id: teams.regs[2], name: "Gamma" },
        { rank: 2, _id: teams.regs[0], name: "Alpha" },
      ],
    });
    expect((await activityOf(t.deps, teams.n))[0]?.[0]).toBe("winners.saved");
    const mails = await mailsAfter(before);
    expect(mails).toHaveLength(4);
    const winnerMail = mails.find((m) => m.to === teams.people[2]![0]!.email)!;
    expect(winnerMail.subject).toBe("CodeStorm: you are the Winner");
    expect(winnerMail.text).toContain("Congratulations! You are the Winner of CodeStorm.");
    expect(mails.find((m) => m.to === teams.people[0]![0]!.email)!.subject).toBe(
      "CodeStorm: you are the First Runner Up",
    );
    const public_ = (await (await t.request(`/event/${teams.n}/results`)).json()) as Results;
    expect(public_.winners.map((w) => [w.rank, w.name])).toEqual([
      [1, "Gamma"],
      [2, "Alpha"],
    ]);
    const next = (await outbox(t.db)).length;
    await post([
      { rank: 1, registrationId: teams.regs[2] },
      { rank: 2, registrationId: teams.regs[1] },
    ]);
    expect((await mailsAfter(next)).map((m) => m.to).sort()).toEqual(
      teams.people[1]!.map((u) => u.email).sort(),
    );
    await post([{ rank: 2, registrationId: "" }]);
    const cleared = (await (await t.request(`/event/${teams.n}/results`)).json()) as Results;
    expect(cleared.winners).toEqual([]);
  });
});
