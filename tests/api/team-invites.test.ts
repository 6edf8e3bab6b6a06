import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEAM_MESSAGES as M, MAX_ORGANISERS } from "#server/contracts/team";
import type { UserRow } from "#server/db/schema";
import { createTestApi, engines, type TestApi } from "#tests/helpers/api";
import { insertEvent } from "#tests/helpers/organiser-event";
import { registerDirect } from "#tests/helpers/registrants";
import { DETAILS } from "#tests/helpers/registration";
import { addToTeam } from "#tests/helpers/team";
import { createUserWithSession } from "#tests/helpers/users";

/** SPEC-3 §1: invitations by e-mail, accepting, role changes and removal. */
describe.each(engines)("the organising team on %s", (engine) => {
  let t: TestApi;
  let owner: { user: UserRow; cookie: string };
  let n: string;
  let eventId: number;
  beforeAll(async () => {
    t = await createTestApi(engine);
    owner = await createUserWithSession(t.deps, { firstName: "Priya", lastName: "Sharma" });
    const event = await insertEvent(t.deps, owner.user.id, { eventName: "CodeStorm" });
    n = event.eventNumber;
    eventId = event.id;
  });
  afterAll(() => t.close());

  const post = (path: string, json: unknown, cookie?: string) =>
    t.request(path, { method: "POST", json, cookie });
  const get = (path: string, cookie?: string) => t.request(path, { cookie });
  /** Invites and returns the token read from the mailed link. */
  async function invite(email: string, role: string, cookie = owner.cookie) {
    const res = await post(`/event/${n}/organisers/invite`, { email, role }, cookie);
    expect(res.status, await res.clone().text()).toBe(201);
    const mail = await t.db
      .selectFrom("mailOutbox")
      .selectAll()
      .where("to", "=", email.toLowerCase())
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    const token = /\/organiser-invite\/([A-Za-z0-9_-]+)/.exec(mail.text)![1]!;
    return { invite: await res.json(), token, mail };
  }
  const person = (firstName: string, email: string) =>
    createUserWithSession(t.deps, { firstName, lastName: "Rao", email: email.toLowerCase() });

  it("invites by e-mail: 201 with the invite, a mail with the link from APP_URL", async () => {
    const { invite: inv, mail, token } = await invite("Anil.Admin@Example.com", "admin");
    expect(inv).toEqual({
      _id: expect.any(String),
      email: "anil.admin@example.com",
      role: "admin",
      invitedAt: "2026-11-21T06:30:00.000Z",
      expiresAt: "2026-11-28T06:30:00.000Z",
    });
    expect(mail.subject).toBe("Join the team of CodeStorm as an admin");
    expect(mail.text).toContain("Priya Sharma invited you");
    expect(mail.text).toContain(`http://localhost:3000/organiser-invite/${token}`);
    const team = await (await get(`/event/${n}/organisers`, owner.cookie)).json();
    expect(team.members).toEqual([
      {
        _id: owner.user.id,
        userId: owner.user.id,
        firstName: "Priya",
        lastName: "Sharma",
        email: owner.user.email,
        role: "owner",
        joinedAt: expect.any(String),
      },
    ]);
    expect(team.invites).toEqual([inv]);
  });

  it("refuses bad input with the spec's messages and stores nothing", async () => {
    const cases: [unknown, Record<string, string[]>][] = [
      [{ role: "judge" }, { email: ["Email address is required"] }],
      [{ email: "nope", role: "judge" }, { email: ["Invalid Email"] }],
      [{ email: "a@b.co" }, { role: ["Role is required"] }],
      [{ email: "a@b.co", role: "owner" }, { role: ["Role is required"] }],
    ];
    const before = await t.db.selectFrom("organiserInvites").select("id").execute();
    for (const [body, errors] of cases) {
      const res = await post(`/event/${n}/organisers/invite`, body, owner.cookie);
      expect(res.status).toBe(400);
      expect((await res.json()).errors).toEqual(errors);
    }
    expect(await t.db.selectFrom("organiserInvites").select("id").execute()).toEqual(before);
  });

  it("the invitation page reads the same signed in or out; accepting joins once; again is 200 and changes nothing", async () => {
    const { token } = await invite("judge.one@example.com", "judge");
    const view = await get(`/organiser-invite/${token}`);
    expect(view.status).toBe(200);
    expect(await view.json()).toEqual({
      eventNumber: n,
      eventName: "CodeStorm",
      role: "judge",
      email: "judge.one@example.com",
      invitedBy: "Priya Sharma",
      expired: false,
    });
    expect((await post(`/organiser-invite/${token}/accept`, {})).status).toBe(401);
    const judge = await person("Jaya", "Judge.One@example.com");
    const ok = await post(`/organiser-invite/${token}/accept`, {}, judge.cookie);
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ eventNumber: n, role: "judge" });
    // The owner and admins are told.
    const told = await t.db
      .selectFrom("mailOutbox")
      .select(["to", "subject"])
      .where("subject", "like", "Jaya Rao joined%")
      .execute();
    expect(told.map((m) => m.to)).toEqual([owner.user.email]);
    const again = await post(`/organiser-invite/${token}/accept`, {}, judge.cookie);
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ eventNumber: n, role: "judge" });
    const rows = await t.db
      .selectFrom("eventOrganisers")
      .selectAll()
      .where("userId", "=", judge.user.id)
      .execute();
    expect(rows).toHaveLength(1);
    // A member sees the members but not the invitations.
    const team = await (await get(`/event/${n}/organisers`, judge.cookie)).json();
    expect(team.members.map((m: { role: string }) => m.role)).toEqual(["owner", "judge"]);
    expect(team.invites).toEqual([]);
  });

  it("accepting mails the owner and every admin (through the outbox), not judges or volunteers", async () => {
    const other = await insertEvent(t.deps, owner.user.id, { eventName: "MailFest" });
    const admins = [
      await addToTeam(t.deps, other.id, "admin", "Asha"),
      await addToTeam(t.deps, other.id, "admin", "Arun"),
    ];
    await addToTeam(t.deps, other.id, "judge", "Jai");
    await addToTeam(t.deps, other.id, "volunteer", "Veer");
    const res = await post(
      `/event/${other.eventNumber}/organisers/invite`,
      { email: "mailed.vol@example.com", role: "volunteer" },
      admins[0]!.cookie,
    );
    expect(res.status).toBe(201);
    const link = await t.db
      .selectFrom("mailOutbox")
      .select("text")
      .where("to", "=", "mailed.vol@example.com")
      .executeTakeFirstOrThrow();
    const token = /\/organiser-invite\/([A-Za-z0-9_-]+)/.exec(link.text)![1]!;
    const vol = await person("Vimal", "mailed.vol@example.com");
    expect((await post(`/organiser-invite/${token}/accept`, {}, vol.cookie)).status).toBe(200);
    const told = await t.db
      .selectFrom("mailOutbox")
      .select(["to", "subject", "text"])
      .where("subject", "=", "Vimal Rao joined the team of MailFest")
      .execute();
    expect(told.map((m) => m.to).sort()).toEqual(
      [owner.user.email, ...admins.map((a) => a.user.email)].sort(),
    );
    for (const m of told) {
      expect(m.text).toContain("joined the team of MailFest as a volunteer");
      expect(m.text).toContain(`/my/event/${other.eventNumber}?section=team#team`);
    }
    // Accepting again mails no one.
    expect((await post(`/organiser-invite/${token}/accept`, {}, vol.cookie)).status).toBe(200);
    const again = await t.db
      .selectFrom("mailOutbox")
      .select("id")
      .where("subject", "=", "Vimal Rao joined the team of MailFest")
      .execute();
    expect(again).toHaveLength(3);

    // A new admin is not mailed about their own joining (issue 45); the others are.
    const adminInvite = await post(
      `/event/${other.eventNumber}/organisers/invite`,
      { email: "mailed.admin@example.com", role: "admin" },
      owner.cookie,
    );
    expect(adminInvite.status).toBe(201);
    const adminLink = await t.db
      .selectFrom("mailOutbox")
      .select("text")
      .where("to", "=", "mailed.admin@example.com")
      .executeTakeFirstOrThrow();
    const adminToken = /\/organiser-invite\/([A-Za-z0-9_-]+)/.exec(adminLink.text)![1]!;
    const newAdmin = await person("Nila", "mailed.admin@example.com");
    const accepted = await post(`/organiser-invite/${adminToken}/accept`, {}, newAdmin.cookie);
    expect(accepted.status).toBe(200);
    const toldOfNila = await t.db
      .selectFrom("mailOutbox")
      .select("to")
      .where("subject", "=", "Nila Rao joined the team of MailFest")
      .execute();
    expect(toldOfNila.map((m) => m.to).sort()).toEqual(
      [owner.user.email, ...admins.map((a) => a.user.email)].sort(),
    );
  });

  it("for another address 403; cancelled 410; expired 410 (and the page says expired)", async () => {
    const other = await person("Omar", "omar@example.com");
    const { token, invite: inv } = await invite("vol.one@example.com", "volunteer");
    const wrong = await post(`/organiser-invite/${token}/accept`, {}, other.cookie);
    expect(wrong.status).toBe(403);
    expect((await wrong.json()).message).toBe(M.otherAddress);
    expect(
      (await post(`/event/${n}/organisers/invites/${inv._id}/cancel`, {}, owner.cookie)).status,
    ).toBe(200);
    const vol = await person("Vani", "vol.one@example.com");
    const cancelled = await post(`/organiser-invite/${token}/accept`, {}, vol.cookie);
    expect(cancelled.status).toBe(410);
    expect((await cancelled.json()).message).toBe(M.cancelled);
    expect((await get(`/organiser-invite/${token}`)).status).toBe(410);

    const late = await invite("vol.one@example.com", "volunteer");
    t.clock.advance(7 * 86_400_000);
    try {
      const view = await (await get(`/organiser-invite/${late.token}`)).json();
      expect(view.expired).toBe(true);
      const expired = await post(`/organiser-invite/${late.token}/accept`, {}, vol.cookie);
      expect(expired.status).toBe(410);
      expect((await expired.json()).message).toBe(M.expired);
      // An expired invitation holds the address no longer.
      await invite("vol.one@example.com", "volunteer");
    } finally {
      t.clock.advance(-7 * 86_400_000);
    }
    expect(
      await t.db
        .selectFrom("eventOrganisers")
        .select("userId")
        .where("userId", "=", vol.user.id)
        .execute(),
    ).toEqual([]);
  });

  it("parallel invitations of one address leave one", async () => {
    const results = await Promise.all(
      Array.from({ length: 6 }, () =>
        post(
          `/event/${n}/organisers/invite`,
          { email: "race@example.com", role: "judge" },
          owner.cookie,
        ),
      ),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409, 409]);
    for (const r of results.filter((r) => r.status === 409))
      expect((await r.json()).message).toBe(M.alreadyInvited);
    const rows = await t.db
      .selectFrom("organiserInvites")
      .select("id")
      .where("email", "=", "race@example.com")
      .execute();
    expect(rows).toHaveLength(1);
  });

  it("refuses a member, a registered person, a second pending invitation, past 50 organisers", async () => {
    const refuse = async (email: string, message: string) => {
      const res = await post(
        `/event/${n}/organisers/invite`,
        { email, role: "judge" },
        owner.cookie,
      );
      expect(res.status).toBe(409);
      expect((await res.json()).message).toBe(message);
    };
    await refuse(owner.user.email.toUpperCase(), M.alreadyMember);
    await refuse("judge.one@example.com", M.alreadyMember);
    await refuse("race@example.com", M.alreadyInvited);
    const reg = await person("Rita", "rita@example.com");
    await registerDirect(t.deps, eventId, [reg.user]);
    await refuse("rita@example.com", M.registered);
    const { invites, members } = await (await get(`/event/${n}/organisers`, owner.cookie)).json();
    for (let i = members.length + invites.length; i < MAX_ORGANISERS; i++)
      await invite(`filler${i}@example.com`, "volunteer");
    await refuse("one.too.many@example.com", M.tooMany);
  });

  it("a member cannot register: 409 'Organisers cannot register for their own event'", async () => {
    const judge = await t.db
      .selectFrom("users")
      .selectAll()
      .where("email", "=", "judge.one@example.com")
      .executeTakeFirstOrThrow();
    const cookie = (await createSessionCookie(judge.id)) as string;
    const res = await post(`/event/${n}/register`, DETAILS, cookie);
    expect(res.status).toBe(409);
    expect((await res.json()).message).toBe(M.organiserRegister);
    const owned = await post(`/event/${n}/register`, DETAILS, owner.cookie);
    expect((await owned.json()).message).toBe(M.organiserRegister);
  });

  it("role changes and removal: never the owner; a member may leave", async () => {
    const judge = await t.db
      .selectFrom("users")
      .select("id")
      .where("email", "=", "judge.one@example.com")
      .executeTakeFirstOrThrow();
    const ownerRole = await post(
      `/event/${n}/organisers/${owner.user.id}`,
      { role: "judge" },
      owner.cookie,
    );
    expect(ownerRole.status).toBe(409);
    expect((await ownerRole.json()).message).toBe(M.ownerRole);
    const ownerOut = await post(`/event/${n}/organisers/${owner.user.id}/remove`, {}, owner.cookie);
    expect(ownerOut.status).toBe(409);
    expect((await ownerOut.json()).message).toBe(M.ownerRemove);
    const changed = await post(
      `/event/${n}/organisers/${judge.id}`,
      { role: "admin" },
      owner.cookie,
    );
    expect(changed.status).toBe(200);
    expect(await changed.json()).toMatchObject({ userId: judge.id, role: "admin" });
    const cookie = await createSessionCookie(judge.id);
    // Now an admin: the owner still cannot be removed by them.
    expect((await post(`/event/${n}/organisers/${owner.user.id}/remove`, {}, cookie)).status).toBe(
      409,
    );
    const left = await post(`/event/${n}/organisers/${judge.id}/remove`, {}, cookie);
    expect(left.status).toBe(200);
    expect((await get(`/event/${n}/organisers`, cookie)).status).toBe(403);
  });

  it("migration 0013: the database itself keeps one pending invitation per event and address", async () => {
    const row = (id: string) => ({
      id,
      eventId,
      email: "db@example.com",
      role: "judge",
      tokenHash: `hash-${id}`,
      invitedBy: owner.user.id,
      invitedAt: "2026-11-21T06:30:00.000Z",
      expiresAt: "2026-11-28T06:30:00.000Z",
    });
    await t.db.insertInto("organiserInvites").values(row("db-1")).execute();
    await expect(
      t.db.insertInto("organiserInvites").values(row("db-2")).execute(),
    ).rejects.toThrow();
    await t.db
      .updateTable("organiserInvites")
      .set({ cancelledAt: "2026-11-21T07:00:00.000Z" })
      .where("id", "=", "db-1")
      .execute();
    await t.db.insertInto("organiserInvites").values(row("db-3")).execute();
    // One membership per person and event.
    const member = {
      eventId,
      userId: owner.user.id,
      role: "judge",
      joinedAt: "2026-11-21T06:30:00.000Z",
    };
    await t.db.insertInto("eventOrganisers").values(member).execute();
    await expect(t.db.insertInto("eventOrganisers").values(member).execute()).rejects.toThrow();
    await t.db.deleteFrom("eventOrganisers").where("userId", "=", owner.user.id).execute();
  });

  async function createSessionCookie(userId: string) {
    const { createSession } = await import("#server/services/accounts/sessions");
    return `utsav_session=${await createSession(t.deps, userId)}`;
  }
});
