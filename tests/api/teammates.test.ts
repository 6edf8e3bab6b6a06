import { describe, expect, it } from "vitest";
import { REGISTRATION_MESSAGES as M } from "#server/contracts/registration";
import { engines, outbox, type TestApi, withOrganiser } from "#tests/helpers/api";
import { as, DETAILS, people, publishedEvent, teamEvent } from "#tests/helpers/registration";

const DAY = 86_400_000;
const PITCH = "Frontend dev, loves React and late nights";

describe.each(engines)("finding teammates API on %s (SPEC-2 §2)", (engine) => {
  let t: TestApi;
  let org: { user: { id: string } };

  withOrganiser(engine, (api) => {
    ({ t, org } = api);
  });

  async function setup() {
    const n = await publishedEvent(t, org.user.id, teamEvent(2, 3));
    const [leader, seeker, other] = await people(t, 3, "B");
    const team = await (
      await as(t, leader.cookie).post(`/event/${n}/register`, {
        ...DETAILS,
        teamName: "Pixel Pushers",
      })
    ).json();
    return { n, leader, seeker, other, teamId: team._id as string, code: team.team.code as string };
  }

  it("lists people and teams with exactly the spec's fields, no e-mail or phone", async () => {
    const { n, leader, seeker, teamId } = await setup();
    expect((await t.request(`/event/${n}/teammates`)).status).toBe(401);
    const mine = await as(t, seeker.cookie).post(`/event/${n}/teammates`, { pitch: `  ${PITCH} ` });
    expect(mine.status).toBe(200);
    expect(await mine.json()).toEqual({
      userId: seeker.user.id,
      firstName: "B1",
      lastName: "Rao",
      collegeName: "IIT Delhi",
      course: "B.Tech",
      pitch: PITCH,
      postedAt: t.clock.now().toISOString(),
    });
    const teamListing = await as(t, leader.cookie).post(`/event/${n}/teammates`, {
      pitch: "We need a designer who codes",
    });
    expect(await teamListing.json()).toEqual({
      _id: teamId,
      name: "Pixel Pushers",
      size: 1,
      maxTeam: 3,
      leaderFirstName: "B0",
      collegeName: "IIT Delhi",
      pitch: "We need a designer who codes",
      postedAt: t.clock.now().toISOString(),
    });
    const board = await (await as(t, seeker.cookie).get(`/event/${n}/teammates`)).json();
    expect(board.people.map((p: { userId: string }) => p.userId)).toEqual([seeker.user.id]);
    expect(board.teams.map((x: { _id: string }) => x._id)).toEqual([teamId]);
    const text = JSON.stringify(board);
    expect(text).not.toContain("@");
    expect(text).not.toContain("9876543210");
  });

  it("checks the pitch with the spec's messages", async () => {
    const { n, seeker } = await setup();
    for (const [pitch, message] of [
      [undefined, M.pitchRequired],
      ["   ", M.pitchRequired],
      ["too short", M.pitchMin],
      ["x".repeat(281), M.pitchMax],
    ] as const) {
      const res = await as(t, seeker.cookie).post(`/event/${n}/teammates`, { pitch });
      expect(res.status).toBe(400);
      expect((await res.json()).errors.pitch).toEqual([message]);
    }
    expect(
      (await as(t, seeker.cookie).post(`/event/${n}/teammates`, { pitch: "x".repeat(280) })).status,
    ).toBe(200);
  });

  it("listings leave the board when the person joins, the team fills, or registration closes", async () => {
    const { n, leader, seeker, other, code } = await setup();
    await as(t, seeker.cookie).post(`/event/${n}/teammates`, { pitch: PITCH });
    await as(t, other.cookie).post(`/event/${n}/teammates`, { pitch: PITCH });
    await as(t, leader.cookie).post(`/event/${n}/teammates`, { pitch: PITCH });
    const board = async () => (await as(t, other.cookie).get(`/event/${n}/teammates`)).json();
    expect((await board()).people).toHaveLength(2);
    await as(t, seeker.cookie).post(`/event/${n}/team/join`, { ...DETAILS, code });
    expect((await board()).people.map((p: { userId: string }) => p.userId)).toEqual([
      other.user.id,
    ]);
    expect((await board()).teams).toHaveLength(1);
    const [third] = await people(t, 1, "Z");
    await as(t, third.cookie).post(`/event/${n}/team/join`, { ...DETAILS, code });
    expect((await board()).teams).toEqual([]);
    // A member of a team cannot list themself; a full team cannot list.
    const member = await as(t, seeker.cookie).post(`/event/${n}/teammates`, { pitch: PITCH });
    expect([member.status, (await member.json()).message]).toEqual([409, M.inTeam]);
    const full = await as(t, leader.cookie).post(`/event/${n}/teammates`, { pitch: PITCH });
    expect([full.status, (await full.json()).message]).toEqual([409, M.teamFull]);
    t.clock.advance(6 * DAY);
    expect(await board()).toEqual({ people: [], teams: [], requested: [] });
    const late = await as(t, other.cookie).post(`/event/${n}/teammates`, { pitch: PITCH });
    expect([late.status, (await late.json()).message]).toEqual([409, M.closed]);
    t.clock.set("2026-11-21T06:30:00.000Z");
  });

  it("removes one's own listing", async () => {
    const { n, seeker } = await setup();
    await as(t, seeker.cookie).post(`/event/${n}/teammates`, { pitch: PITCH });
    const res = await as(t, seeker.cookie).post(`/event/${n}/teammates/remove`);
    expect(res.status).toBe(200);
    expect((await (await as(t, seeker.cookie).get(`/event/${n}/teammates`)).json()).people).toEqual(
      [],
    );
  });

  it("refuses a pitch with an e-mail address or a phone number, and stores nothing (issue 31)", async () => {
    const { n, seeker } = await setup();
    for (const pitch of [
      "Backend dev, write to asha.v@gmail.com",
      "Backend dev, mail asha at gmail dot com",
      "Backend dev, call me on 98765 43210",
      "Backend dev, WhatsApp +91-98765-43210",
      "Backend dev: 9876543210 anytime",
    ]) {
      const res = await as(t, seeker.cookie).post(`/event/${n}/teammates`, { pitch });
      expect(res.status, pitch).toBe(400);
      expect((await res.json()).errors.pitch).toEqual([M.pitchContact]);
    }
    const board = await (await as(t, seeker.cookie).get(`/event/${n}/teammates`)).json();
    expect(board.people).toEqual([]);
    // Numbers that are not phones pass: a year, a team size, a CGPA.
    const fine = "3rd year, 2026 batch, CGPA 8.9, won 2 hackathons at IIT";
    expect((await as(t, seeker.cookie).post(`/event/${n}/teammates`, { pitch: fine })).status).toBe(
      200,
    );
  });

  it("tells the caller which teams they have asked to join and not heard back from", async () => {
    const { n, leader, seeker, teamId } = await setup();
    await as(t, leader.cookie).post(`/event/${n}/teammates`, { pitch: PITCH });
    const before = await (await as(t, seeker.cookie).get(`/event/${n}/teammates`)).json();
    expect(before.requested).toEqual([]);
    const asked = await as(t, seeker.cookie).post(`/event/${n}/team/${teamId}/requests`, DETAILS);
    expect(asked.status).toBe(201);
    const after = await (await as(t, seeker.cookie).get(`/event/${n}/teammates`)).json();
    expect(after.requested).toEqual([teamId]);
    // Someone else's requests are not theirs to see.
    expect(
      (await (await as(t, leader.cookie).get(`/event/${n}/teammates`)).json()).requested,
    ).toEqual([]);
  });

  it("asks to join (mailing the leader), once while pending; the leader sees, accepts; the requester is in", async () => {
    const { n, leader, seeker, teamId } = await setup();
    const ask = () =>
      as(t, seeker.cookie).post(`/event/${n}/team/${teamId}/requests`, {
        ...DETAILS,
        collegeName: "BITS Pilani",
        message: "I do backend",
      });
    const res = await ask();
    expect(res.status).toBe(201);
    const request = await res.json();
    expect(request).toMatchObject({
      teamId,
      userId: seeker.user.id,
      firstName: "B1",
      collegeName: "BITS Pilani",
      message: "I do backend",
      status: "pending",
    });
    expect((await outbox(t.db)).at(-1)).toMatchObject({
      to: leader.user.email,
      subject: "B1 asks to join your team Pixel Pushers",
    });
    const second = await ask();
    expect([second.status, (await second.json()).message]).toEqual([409, M.alreadyAsked]);
    expect((await as(t, seeker.cookie).get(`/event/${n}/team/requests`)).status).toBe(404);
    const pending = await (await as(t, leader.cookie).get(`/event/${n}/team/requests`)).json();
    expect(pending.map((r: { _id: string }) => r._id)).toEqual([request._id]);
    expect(JSON.stringify(pending)).not.toContain("9876543210");
    t.clock.advance(60_000);
    const accepted = await as(t, leader.cookie).post(
      `/event/${n}/team/requests/${request._id}/accept`,
    );
    t.clock.set("2026-11-21T06:30:00.000Z");
    expect(accepted.status).toBe(200);
    const team = await accepted.json();
    expect(team.members.map((m: { _id: string }) => m._id)).toEqual([
      leader.user.id,
      seeker.user.id,
    ]);
    expect(team.members[1].collegeName).toBe("BITS Pilani");
    const mine = (await (await as(t, seeker.cookie).get(`/event/${n}/registration`)).json()).mine;
    expect(mine).toMatchObject({ _id: teamId, collegeName: "BITS Pilani" });
    expect(await (await as(t, leader.cookie).get(`/event/${n}/team/requests`)).json()).toEqual([]);
    const twice = await as(t, leader.cookie).post(
      `/event/${n}/team/requests/${request._id}/accept`,
    );
    expect([twice.status, (await twice.json()).message]).toEqual([404, M.requestNotFound]);
  });

  it("declining mails the requester, who may ask again; accepting follows the join rules", async () => {
    const { n, leader, seeker, other, teamId, code } = await setup();
    const request = await (
      await as(t, seeker.cookie).post(`/event/${n}/team/${teamId}/requests`, DETAILS)
    ).json();
    expect(
      (await as(t, other.cookie).post(`/event/${n}/team/requests/${request._id}/decline`)).status,
    ).toBe(404);
    const res = await as(t, leader.cookie).post(`/event/${n}/team/requests/${request._id}/decline`);
    expect(res.status).toBe(200);
    expect((await outbox(t.db)).at(-1)).toMatchObject({
      to: seeker.user.email,
      subject: "Your request to join Pixel Pushers was declined",
    });
    const again = await (
      await as(t, seeker.cookie).post(`/event/${n}/team/${teamId}/requests`, DETAILS)
    ).json();
    // The team fills before the leader accepts: 'Team is full'.
    const [x, y] = await people(t, 2, "F");
    await as(t, x.cookie).post(`/event/${n}/team/join`, { ...DETAILS, code });
    await as(t, y.cookie).post(`/event/${n}/team/join`, { ...DETAILS, code });
    const full = await as(t, leader.cookie).post(`/event/${n}/team/requests/${again._id}/accept`);
    expect([full.status, (await full.json()).message]).toEqual([409, M.teamFull]);
    // Registered elsewhere meanwhile: 'already registered'; closed: 'Registration is closed'.
    await as(t, y.cookie).post(`/event/${n}/team/leave`);
    await as(t, seeker.cookie).post(`/event/${n}/register`, { ...DETAILS, teamName: "Own Team" });
    const already = await as(t, leader.cookie).post(
      `/event/${n}/team/requests/${again._id}/accept`,
    );
    expect([already.status, (await already.json()).message]).toEqual([409, M.already]);
    const late = await (
      await as(t, other.cookie).post(`/event/${n}/team/${teamId}/requests`, DETAILS)
    ).json();
    t.clock.advance(6 * DAY);
    const closed = await as(t, leader.cookie).post(`/event/${n}/team/requests/${late._id}/accept`);
    expect([closed.status, (await closed.json()).message]).toEqual([409, M.closed]);
    t.clock.set("2026-11-21T06:30:00.000Z");
  });

  it("refuses a request to an unknown team, from someone registered, to a full team", async () => {
    const { n, leader, other } = await setup();
    const unknown = await as(t, other.cookie).post(`/event/${n}/team/nope/requests`, DETAILS);
    expect([unknown.status, (await unknown.json()).message]).toEqual([404, M.teamNotFound]);
    const own = await (
      await as(t, other.cookie).post(`/event/${n}/register`, { ...DETAILS, teamName: "Solo Team" })
    ).json();
    const fromLeader = await as(t, leader.cookie).post(
      `/event/${n}/team/${own._id}/requests`,
      DETAILS,
    );
    expect([fromLeader.status, (await fromLeader.json()).message]).toEqual([409, M.already]);
    const bad = await as(t, leader.cookie).post(`/event/${n}/team/${own._id}/requests`, {
      ...DETAILS,
      phone: "12",
    });
    expect(bad.status).toBe(400);
  });
});
