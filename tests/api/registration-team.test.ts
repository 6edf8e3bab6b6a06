import { describe, expect, it } from "vitest";
import { REGISTRATION_MESSAGES as M } from "#server/contracts/registration";
import { engines, outbox, type TestApi, withOrganiser } from "#tests/helpers/api";
import { as, DETAILS, people, publishedEvent, teamEvent } from "#tests/helpers/registration";

const DAY = 86_400_000;

describe.each(engines)("teams API on %s (SPEC-2 §1)", (engine) => {
  let t: TestApi;
  let org: { user: { id: string }; cookie: string };

  withOrganiser(engine, (api) => {
    ({ t, org } = api);
  });

  async function teamWith(size: number, overrides = {}) {
    const n = await publishedEvent(t, org.user.id, { ...teamEvent(2, 3), ...overrides });
    const ps = await people(t, size);
    const created = await (
      await as(t, ps[0].cookie).post(`/event/${n}/register`, { ...DETAILS, teamName: "Night Owls" })
    ).json();
    for (const p of ps.slice(1)) {
      t.clock.advance(1000);
      const res = await as(t, p.cookie).post(`/event/${n}/team/join`, {
        ...DETAILS,
        code: created.team.code,
      });
      expect(res.status).toBe(200);
    }
    return { n, ps, code: created.team.code as string, teamId: created._id as string };
  }

  it("joins with a code in any case: every member carries the team's _id; the leader is mailed", async () => {
    const { n, ps, code, teamId } = await teamWith(1);
    const [friend] = await people(t, 1, "F");
    t.clock.advance(1000);
    const res = await as(t, friend.cookie).post(`/event/${n}/team/join`, {
      ...DETAILS,
      collegeName: "NIT Trichy",
      code: ` ${code.toLowerCase()} `,
    });
    expect(res.status).toBe(200);
    const reg = await res.json();
    expect(reg._id).toBe(teamId);
    expect(reg.collegeName).toBe("NIT Trichy");
    expect(reg.team).toMatchObject({ size: 2, complete: true, code, leaderId: ps[0].user.id });
    expect(reg.team.members.map((m: { firstName: string }) => m.firstName)).toEqual(["P0", "F0"]);
    expect(reg.team.members[1]).toEqual({
      _id: friend.user.id,
      firstName: "F0",
      lastName: "Rao",
      collegeName: "NIT Trichy",
      isLeader: false,
      paymentPending: false,
    });
    const mails = await outbox(t.db);
    expect(mails.at(-1)).toMatchObject({
      to: ps[0].user.email,
      subject: "F0 joined your team Night Owls",
    });
    expect(mails.at(-2)).toMatchObject({ to: friend.user.email });
    // The count is of teams, not people.
    expect((await (await t.request(`/event/${n}/registration`)).json()).registrationCount).toBe(1);
    // Someone outside the team never sees the code.
    const { _id, code: hidden } = (
      await (await as(t, ps[0].cookie).get(`/event/${n}/registration`)).json()
    ).mine.team;
    expect([_id, hidden]).toEqual([teamId, code]);
  });

  it("previews the team a code opens (issue 31): name, leader, members, size; never the code", async () => {
    const { n, ps, code, teamId } = await teamWith(2);
    const [friend] = await people(t, 1, "V");
    const res = await as(t, friend.cookie).get(
      `/event/${n}/team/preview?code=${encodeURIComponent(` ${code.toLowerCase()}`)}`,
    );
    expect(res.status).toBe(200);
    const team = await res.json();
    expect(team).toMatchObject({
      _id: teamId,
      name: "Night Owls",
      code: null,
      size: 2,
      maxTeam: 3,
    });
    expect(team.leaderId).toBe(ps[0].user.id);
    expect(
      team.members.map((m: { firstName: string; isLeader: boolean }) => [m.firstName, m.isLeader]),
    ).toEqual([
      ["P0", true],
      ["P1", false],
    ]);
    // Unknown codes, another event's code, no code: 404 'Team not found'; signed out: 401.
    const other = await teamWith(1);
    for (const q of ["ZZZZZZ", other.code, "", "x".repeat(50)]) {
      const bad = await as(t, friend.cookie).get(`/event/${n}/team/preview?code=${q}`);
      expect([bad.status, (await bad.json()).message]).toEqual([404, M.teamNotFound]);
    }
    expect((await t.request(`/event/${n}/team/preview?code=${code}`)).status).toBe(401);
  });

  it("refuses joining: unknown code 404, full team, already registered, closed, individual events", async () => {
    const { n, code } = await teamWith(3);
    const [p, q] = await people(t, 2, "J");
    const full = await as(t, p.cookie).post(`/event/${n}/team/join`, { ...DETAILS, code });
    expect([full.status, (await full.json()).message]).toEqual([409, M.teamFull]);
    const unknown = await as(t, p.cookie).post(`/event/${n}/team/join`, {
      ...DETAILS,
      code: "ZZZZZZ",
    });
    expect([unknown.status, (await unknown.json()).message]).toEqual([404, M.teamNotFound]);
    const noCode = await as(t, p.cookie).post(`/event/${n}/team/join`, { ...DETAILS });
    expect([noCode.status, (await noCode.json()).errors.code]).toEqual([400, [M.codeRequired]]);
    // A code of another event's team is unknown here.
    const other = await teamWith(1);
    const cross = await as(t, p.cookie).post(`/event/${n}/team/join`, {
      ...DETAILS,
      code: other.code,
    });
    expect(cross.status).toBe(404);
    const own = await as(t, q.cookie).post(`/event/${other.n}/register`, {
      ...DETAILS,
      teamName: "Solo",
    });
    expect(own.status).toBe(201);
    const twice = await as(t, q.cookie).post(`/event/${other.n}/team/join`, {
      ...DETAILS,
      code: other.code,
    });
    expect([twice.status, (await twice.json()).message]).toEqual([409, M.already]);
    const solo = await publishedEvent(t, org.user.id);
    const indiv = await as(t, p.cookie).post(`/event/${solo}/team/join`, { ...DETAILS, code });
    expect(indiv.status).toBe(404);
    t.clock.advance(6 * DAY);
    const late = await as(t, p.cookie).post(`/event/${other.n}/team/join`, {
      ...DETAILS,
      code: other.code,
    });
    expect([late.status, (await late.json()).message]).toEqual([409, M.closed]);
    t.clock.set("2026-11-21T06:30:00.000Z");
  });

  it("joining a team with room works when the event is full; a new team does not", async () => {
    const { n, code } = await teamWith(1, { capacity: 1 });
    const [p, q] = await people(t, 2, "C");
    const state = await (await t.request(`/event/${n}/registration`)).json();
    expect(state).toMatchObject({ open: false, reason: "full" });
    const created = await as(t, q.cookie).post(`/event/${n}/register`, {
      ...DETAILS,
      teamName: "Late",
    });
    expect([created.status, (await created.json()).message]).toEqual([409, M.full]);
    expect((await as(t, p.cookie).post(`/event/${n}/team/join`, { ...DETAILS, code })).status).toBe(
      200,
    );
  });

  it("a member leaves; a leader leaving hands over to the earliest joiner; the last one ends the team", async () => {
    const { n, ps, teamId } = await teamWith(3);
    const leave = (i: number) => as(t, ps[i].cookie).post(`/event/${n}/team/leave`);
    const mine = async (i: number) =>
      (await (await as(t, ps[i].cookie).get(`/event/${n}/registration`)).json()).mine;

    const left = await leave(2);
    expect(left.status).toBe(200);
    expect(await left.json()).toEqual({ message: "You left the team Night Owls" });
    expect(await mine(2)).toBeNull();
    expect((await mine(0)).team).toMatchObject({ size: 2, complete: true });

    expect((await leave(0)).status).toBe(200);
    const team = (await mine(1)).team;
    expect(team).toMatchObject({ _id: teamId, leaderId: ps[1].user.id, size: 1, complete: false });
    expect(team.members).toEqual([expect.objectContaining({ _id: ps[1].user.id, isLeader: true })]);

    expect((await (await t.request(`/event/${n}/registration`)).json()).registrationCount).toBe(1);
    // unregister is leaving for a team member.
    const last = await as(t, ps[1].cookie).post(`/event/${n}/unregister`);
    expect(last.status).toBe(200);
    expect((await (await t.request(`/event/${n}/registration`)).json()).registrationCount).toBe(0);
    expect(
      await t.db.selectFrom("registrations").select("id").where("id", "=", teamId).execute(),
    ).toEqual([]);
    const again = await leave(1);
    expect([again.status, (await again.json()).message]).toEqual([404, M.notRegistered]);
  });

  it("an individual cancels with unregister (and leave); only while registration is open", async () => {
    const n = await publishedEvent(t, org.user.id);
    const [p, q] = await people(t, 2);
    await as(t, p.cookie).post(`/event/${n}/register`, DETAILS);
    await as(t, q.cookie).post(`/event/${n}/register`, DETAILS);
    const res = await as(t, p.cookie).post(`/event/${n}/unregister`);
    expect(await res.json()).toEqual({ message: "Your registration is cancelled" });
    expect((await (await t.request(`/event/${n}/registration`)).json()).registrationCount).toBe(1);
    t.clock.advance(6 * DAY);
    const late = await as(t, q.cookie).post(`/event/${n}/unregister`);
    expect([late.status, (await late.json()).message]).toEqual([409, M.closed]);
    t.clock.set("2026-11-21T06:30:00.000Z");
    expect((await t.request(`/event/${n}/unregister`, { method: "POST" })).status).toBe(401);
  });

  it("the leader removes a member, who is mailed; others cannot; only while open", async () => {
    const { n, ps } = await teamWith(3);
    const notLeader = await as(t, ps[1].cookie).post(`/event/${n}/team/remove`, {
      userId: ps[2].user.id,
    });
    expect([notLeader.status, (await notLeader.json()).message]).toEqual([403, M.leaderOnly]);
    const self = await as(t, ps[0].cookie).post(`/event/${n}/team/remove`, {
      userId: ps[0].user.id,
    });
    expect(self.status).toBe(400);
    const stranger = await as(t, ps[0].cookie).post(`/event/${n}/team/remove`, {
      userId: org.user.id,
    });
    expect([stranger.status, (await stranger.json()).message]).toEqual([404, M.notMember]);
    const res = await as(t, ps[0].cookie).post(`/event/${n}/team/remove`, {
      userId: ps[2].user.id,
    });
    expect(res.status).toBe(200);
    const team = await res.json();
    expect(team.members.map((m: { _id: string }) => m._id)).toEqual([ps[0].user.id, ps[1].user.id]);
    expect(team.size).toBe(2);
    expect((await outbox(t.db)).at(-1)).toMatchObject({
      to: ps[2].user.email,
      subject: "You were removed from the team Night Owls",
    });
    t.clock.advance(6 * DAY);
    const late = await as(t, ps[0].cookie).post(`/event/${n}/team/remove`, {
      userId: ps[1].user.id,
    });
    expect([late.status, (await late.json()).message]).toEqual([409, M.closed]);
    t.clock.set("2026-11-21T06:30:00.000Z");
  });

  it("the leader gets a new code; the old one stops working; members cannot", async () => {
    const { n, ps, code } = await teamWith(2);
    expect((await as(t, ps[1].cookie).post(`/event/${n}/team/code`)).status).toBe(403);
    const res = await as(t, ps[0].cookie).post(`/event/${n}/team/code`);
    expect(res.status).toBe(200);
    const team = await res.json();
    expect(team.code).toMatch(/^[A-HJ-NP-Z2-9]{6}$/);
    expect(team.code).not.toBe(code);
    const [p] = await people(t, 1);
    expect((await as(t, p.cookie).post(`/event/${n}/team/join`, { ...DETAILS, code })).status).toBe(
      404,
    );
    expect(
      (await as(t, p.cookie).post(`/event/${n}/team/join`, { ...DETAILS, code: team.code })).status,
    ).toBe(200);
  });

  it("GET /my/registrations lists the user's events with their registration, open ones first", async () => {
    const [p] = await people(t, 1, "M");
    const a = await publishedEvent(t, org.user.id, {
      eventName: "Later Fest",
      endDate: new Date(Date.parse("2026-11-21T06:30:00Z") + 9 * DAY).toISOString(),
    });
    const b = await publishedEvent(t, org.user.id, { ...teamEvent(), eventName: "Sooner Hack" });
    await as(t, p.cookie).post(`/event/${a}/register`, DETAILS);
    await as(t, p.cookie).post(`/event/${b}/register`, { ...DETAILS, teamName: "Mine" });
    const res = await as(t, p.cookie).get("/my/registrations");
    expect(res.status).toBe(200);
    const list = await res.json();
    expect(list.map((x: { event: { eventName: string } }) => x.event.eventName)).toEqual([
      "Sooner Hack",
      "Later Fest",
    ]);
    expect(list[0].registration.team).toMatchObject({ name: "Mine", size: 1 });
    expect(list[0].event).toMatchObject({
      eventNumber: b,
      registrationMode: "utsav",
      registrationCount: 1,
    });
    expect((await t.request("/my/registrations")).status).toBe(401);
  });
});
