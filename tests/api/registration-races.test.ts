import { describe, expect, it } from "vitest";
import { REGISTRATION_MESSAGES as M } from "#server/contracts/registration";
import { engines, type TestApi, withOrganiser } from "#tests/helpers/api";
import { as, DETAILS, people, publishedEvent, teamEvent } from "#tests/helpers/registration";

/**
 * SPEC-2 §1's invariants under simultaneous requests. On PostgreSQL the requests really run at
 * once over the pool's connections; on SQLite they queue on the one writer.
 */
describe.each(engines)("registration races on %s", (engine) => {
  let t: TestApi;
  let org: { user: { id: string } };

  withOrganiser(engine, (api) => {
    ({ t, org } = api);
  });

  async function outcome(responses: Response[]) {
    const out: Record<string, number> = {};
    for (const r of responses) {
      const key = r.status < 300 ? String(r.status) : `${r.status} ${(await r.json()).message}`;
      out[key] = (out[key] ?? 0) + 1;
    }
    return out;
  }

  it("40 people at once for the last 5 places: exactly 5 registered, 35 'Registration is full'", async () => {
    const n = await publishedEvent(t, org.user.id, { capacity: 8 });
    const early = await people(t, 3, "E");
    for (const p of early) await as(t, p.cookie).post(`/event/${n}/register`, DETAILS);
    const rush = await people(t, 40, "R");
    const res = await Promise.all(
      rush.map((p) => as(t, p.cookie).post(`/event/${n}/register`, DETAILS)),
    );
    expect(await outcome(res)).toEqual({ "201": 5, [`409 ${M.full}`]: 35 });
    const count = await t.db
      .selectFrom("registrations")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .innerJoin("events", "events.id", "registrations.eventId")
      .where("events.eventNumber", "=", n)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(8);
    expect((await (await t.request(`/event/${n}/registration`)).json()).registrationCount).toBe(8);
  });

  it("a double-clicked register makes one registration: the others get 'already registered'", async () => {
    const n = await publishedEvent(t, org.user.id, { capacity: 100 });
    const [p] = await people(t, 1);
    const res = await Promise.all(
      Array.from({ length: 6 }, () => as(t, p.cookie).post(`/event/${n}/register`, DETAILS)),
    );
    expect(await outcome(res)).toEqual({ "201": 1, [`409 ${M.already}`]: 5 });
    expect((await (await t.request(`/event/${n}/registration`)).json()).registrationCount).toBe(1);
  });

  it("10 people at once for a team's last place: one joins, 9 'Team is full'", async () => {
    const n = await publishedEvent(t, org.user.id, teamEvent(2, 3));
    const [leader, second] = await people(t, 2, "L");
    const team = await (
      await as(t, leader.cookie).post(`/event/${n}/register`, { ...DETAILS, teamName: "Last Seat" })
    ).json();
    await as(t, second.cookie).post(`/event/${n}/team/join`, { ...DETAILS, code: team.team.code });
    const rush = await people(t, 10, "J");
    const res = await Promise.all(
      rush.map((p) =>
        as(t, p.cookie).post(`/event/${n}/team/join`, { ...DETAILS, code: team.team.code }),
      ),
    );
    expect(await outcome(res)).toEqual({ "200": 1, [`409 ${M.teamFull}`]: 9 });
    const members = await t.db
      .selectFrom("registrationMembers")
      .select("userId")
      .where("registrationId", "=", team._id)
      .execute();
    expect(members).toHaveLength(3);
  });

  it("one person joining several teams and registering at once ends in exactly one registration", async () => {
    const n = await publishedEvent(t, org.user.id, teamEvent(2, 4));
    const leaders = await people(t, 3, "T");
    const codes = [];
    for (const l of leaders)
      codes.push(
        (
          await (
            await as(t, l.cookie).post(`/event/${n}/register`, { ...DETAILS, teamName: "Team" })
          ).json()
        ).team.code,
      );
    const [p] = await people(t, 1, "X");
    const res = await Promise.all([
      ...codes.map((code) => as(t, p.cookie).post(`/event/${n}/team/join`, { ...DETAILS, code })),
      as(t, p.cookie).post(`/event/${n}/register`, { ...DETAILS, teamName: "Own" }),
    ]);
    const ok = res.filter((r) => r.status < 300);
    expect(ok).toHaveLength(1);
    const rows = await t.db
      .selectFrom("registrationMembers as m")
      .innerJoin("events as e", "e.id", "m.eventId")
      .select("m.registrationId")
      .where("e.eventNumber", "=", n)
      .where("m.userId", "=", p.user.id)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it("everyone leaving a team at once never leaves it without a leader, and the count stays exact", async () => {
    const n = await publishedEvent(t, org.user.id, teamEvent(2, 6));
    const ps = await people(t, 6, "Q");
    const team = await (
      await as(t, ps[0].cookie).post(`/event/${n}/register`, { ...DETAILS, teamName: "Exit" })
    ).json();
    for (const p of ps.slice(1))
      await as(t, p.cookie).post(`/event/${n}/team/join`, { ...DETAILS, code: team.team.code });
    // All but one leave at once, the leader among them.
    const res = await Promise.all(
      ps.slice(0, 5).map((p) => as(t, p.cookie).post(`/event/${n}/team/leave`)),
    );
    expect(res.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    const reg = await t.db
      .selectFrom("registrations")
      .selectAll()
      .where("id", "=", team._id)
      .executeTakeFirstOrThrow();
    expect(reg).toMatchObject({ leaderId: ps[5].user.id, size: 1 });
    // The last one and a removal race: the team ends once, the count goes to 0 and not below.
    const end = await Promise.all([
      as(t, ps[5].cookie).post(`/event/${n}/team/leave`),
      as(t, ps[5].cookie).post(`/event/${n}/unregister`),
    ]);
    expect(end.map((r) => r.status).sort()).toEqual([200, 404]);
    expect((await (await t.request(`/event/${n}/registration`)).json()).registrationCount).toBe(0);
  });
});
