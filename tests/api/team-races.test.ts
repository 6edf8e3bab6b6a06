import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEAM_MESSAGES as M } from "#server/contracts/team";
import { createTestApi, engines, type TestApi } from "#tests/helpers/api";
import { addToTeam, eventIdOf } from "#tests/helpers/team";
import { as, DETAILS, publishedEvent, teamEvent } from "#tests/helpers/registration";
import { createUserWithSession } from "#tests/helpers/users";

/**
 * SPEC-3 §1 under parallel requests: a member of the team cannot register for the event, and a
 * registered person cannot join the team, even when the acceptance and the registration (or the
 * joining of a team by its code) arrive together. The database keeps the rule (migration 0018's
 * triggers), so exactly one of the two goes through, on SQLite and PostgreSQL.
 */
const ROUNDS = 8;

describe.each(engines)("the team and the registrations, at once, on %s", (engine) => {
  let t: TestApi;
  let owner: { user: { id: string }; cookie: string };
  let seq = 0;
  beforeAll(async () => {
    t = await createTestApi(engine);
    owner = await createUserWithSession(t.deps, { firstName: "Priya", lastName: "Sharma" });
  });
  afterAll(() => t.close());

  /** A fresh person invited to event `n` as a judge: their cookie, id and the invitation's token. */
  async function invited(n: string) {
    const email = `racer${++seq}@example.com`;
    const res = await as(t, owner.cookie).post(`/event/${n}/organisers/invite`, {
      email,
      role: "judge",
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const mail = await t.db
      .selectFrom("mailOutbox")
      .select("text")
      .where("to", "=", email)
      .executeTakeFirstOrThrow();
    const token = /\/organiser-invite\/([A-Za-z0-9_-]+)/.exec(mail.text)![1]!;
    const person = await createUserWithSession(t.deps, { firstName: `Racer${seq}`, email });
    return { ...person, token };
  }

  /** Exactly one of the two went through; the other has the spec's refusal; the rows agree. */
  async function oneWins(n: string, userId: string, accept: Response, register: Response) {
    const id = await eventIdOf(t.deps, n);
    const rowsIn = (table: "eventOrganisers" | "registrationMembers") =>
      t.db
        .selectFrom(table)
        .select("userId")
        .where("eventId", "=", id)
        .where("userId", "=", userId)
        .execute();
    const member = await rowsIn("eventOrganisers");
    const registered = await rowsIn("registrationMembers");
    expect(member.length + registered.length, `${accept.status} ${register.status}`).toBe(1);
    if (member.length) {
      expect(accept.status).toBe(200);
      expect(register.status).toBe(409);
      expect((await register.json()).message).toBe(M.organiserRegister);
      return "accepted";
    }
    expect(register.status).toBe(201);
    expect(accept.status).toBe(409);
    expect((await accept.json()).message).toBe(M.registered);
    // The invitation was not used up: it is still pending.
    const pending = await t.db
      .selectFrom("organiserInvites")
      .select("id")
      .where("eventId", "=", id)
      .where("acceptedAt", "is", null)
      .execute();
    expect(pending).toHaveLength(1);
    return "registered";
  }

  it("accepting and registering at once: one of the two, never both", async () => {
    const outcomes: string[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      const n = await publishedEvent(t, owner.user.id);
      const p = await invited(n);
      // Either one sent first, by turns.
      const accept = () => as(t, p.cookie).post(`/organiser-invite/${p.token}/accept`);
      const register = () => as(t, p.cookie).post(`/event/${n}/register`, DETAILS);
      const [a, r] =
        i % 2
          ? await Promise.all([accept(), register()])
          : (await Promise.all([register(), accept()])).reverse();
      outcomes.push(await oneWins(n, p.user.id, a!, r!));
    }
    expect(outcomes).toHaveLength(ROUNDS);
  });

  it("accepting and joining a team by its code at once: one of the two, never both", async () => {
    const outcomes: string[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      const n = await publishedEvent(t, owner.user.id, teamEvent(1, 4));
      const leader = await createUserWithSession(t.deps, { firstName: `Lead${i}` });
      const made = await as(t, leader.cookie).post(`/event/${n}/register`, {
        ...DETAILS,
        teamName: `Owls ${i}`,
      });
      expect(made.status).toBe(201);
      const code = (await made.json()).team.code as string;
      const p = await invited(n);
      const accept = () => as(t, p.cookie).post(`/organiser-invite/${p.token}/accept`);
      const join = () => as(t, p.cookie).post(`/event/${n}/team/join`, { ...DETAILS, code });
      const [a, j] =
        i % 2
          ? await Promise.all([accept(), join()])
          : (await Promise.all([join(), accept()])).reverse();
      // Joining answers 200 where registering answers 201.
      const joined = j!.status === 200 ? new Response(null, { status: 201 }) : j!;
      outcomes.push(await oneWins(n, p.user.id, a!, joined));
    }
    expect(outcomes).toHaveLength(ROUNDS);
  });

  it("one after the other: registered, then accepting is 409 'This person is registered for this event'; a member registering is 409", async () => {
    const n = await publishedEvent(t, owner.user.id);
    const p = await invited(n);
    expect((await as(t, p.cookie).post(`/event/${n}/register`, DETAILS)).status).toBe(201);
    const accept = await as(t, p.cookie).post(`/organiser-invite/${p.token}/accept`);
    expect([accept.status, (await accept.json()).message]).toEqual([409, M.registered]);
    const q = await invited(n);
    expect((await as(t, q.cookie).post(`/organiser-invite/${q.token}/accept`)).status).toBe(200);
    const register = await as(t, q.cookie).post(`/event/${n}/register`, DETAILS);
    expect([register.status, (await register.json()).message]).toEqual([409, M.organiserRegister]);
  });

  it("migration 0018: the database refuses a member's registration row and a registrant's membership row", async () => {
    const n = await publishedEvent(t, owner.user.id);
    const id = await eventIdOf(t.deps, n);
    const judge = await addToTeam(t.deps, id, "judge");
    const registrant = await createUserWithSession(t.deps);
    expect((await as(t, registrant.cookie).post(`/event/${n}/register`, DETAILS)).status).toBe(201);
    const now = t.clock.now().toISOString();
    const registration = (userId: string) =>
      t.db.transaction().execute(async (trx) => {
        const registrationId = `reg-${userId}`;
        await trx
          .insertInto("registrations")
          .values({
            id: registrationId,
            eventId: id,
            type: "individual",
            leaderId: userId,
            size: 1,
            createdAt: now,
          })
          .execute();
        await trx
          .insertInto("registrationMembers")
          .values({ registrationId, eventId: id, userId, ...DETAILS, joinedAt: now })
          .execute();
      });
    // A member of the team, or the owner, cannot have a registration row.
    await expect(registration(judge.user.id)).rejects.toThrow(M.organiserRegister);
    await expect(registration(owner.user.id)).rejects.toThrow(M.organiserRegister);
    // A registered person cannot have a membership row.
    await expect(
      t.db
        .insertInto("eventOrganisers")
        .values({ eventId: id, userId: registrant.user.id, role: "volunteer", joinedAt: now })
        .execute(),
    ).rejects.toThrow(M.registered);
    // Anyone else still can, on another event too.
    const other = await createUserWithSession(t.deps);
    await t.db
      .insertInto("eventOrganisers")
      .values({ eventId: id, userId: other.user.id, role: "volunteer", joinedAt: now })
      .execute();
  });
});
