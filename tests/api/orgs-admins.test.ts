import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Organisation } from "#server/contracts/orgs";
import type { UserRow } from "#server/db/schema";
import { createTestApi, engines, linksIn, outbox, type TestApi } from "#tests/helpers/api";
import { insertEvent } from "#tests/helpers/events";
import { as } from "#tests/helpers/registration";
import { createUserWithSession } from "#tests/helpers/users";

const ORG = { name: "Robotics Club", college: "IIT Delhi", city: "New Delhi" };
type Person = { user: UserRow; cookie: string };

/** The token of the newest mail to `to` whose link goes to `/{path}/{token}`. */
async function tokenMailed(t: TestApi, to: string, path: string): Promise<string> {
  const mail = (await outbox(t.db)).filter((m) => m.to === to).at(-1);
  const link = linksIn(mail?.text ?? "").find((l) => l.includes(`/${path}/`));
  expect(link, `a /${path}/ link mailed to ${to}`).toBeTruthy();
  return link!.split(`/${path}/`)[1]!;
}

/** SPEC-4 §4: an organisation's admins (invite, accept, remove, hand over) and verification. */
describe.each(engines)("organisations' admins and verification (%s)", (engine) => {
  let t: TestApi;
  let owner: Person;
  let invitee: Person;
  let other: Person;
  let stranger: Person;
  beforeAll(async () => {
    t = await createTestApi(engine);
    owner = await createUserWithSession(t.deps, {
      firstName: "Orla",
      lastName: "Sen",
      email: "orla@example.com",
    });
    invitee = await createUserWithSession(t.deps, { firstName: "Ira", email: "ira@example.com" });
    other = await createUserWithSession(t.deps, { firstName: "Omar", email: "omar@example.com" });
    stranger = await createUserWithSession(t.deps, { firstName: "Sam" });
    expect((await as(t, owner.cookie).post("/orgs", { handle: "robotics", ...ORG })).status).toBe(
      201,
    );
  });
  afterAll(() => t.close());

  const orgRow = () =>
    t.db
      .selectFrom("organisations")
      .selectAll()
      .where("handle", "=", "robotics")
      .executeTakeFirstOrThrow();

  it("invite: 401, 403 before the body's rules, 400 a bad address; 201 mails a link", async () => {
    expect((await t.request("/org/robotics/admins/invite", { json: {} })).status).toBe(401);
    const refused = await as(t, stranger.cookie).post("/org/robotics/admins/invite", {
      email: "nope",
    });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ message: "You are not an admin of this organisation" });
    const bad = await as(t, owner.cookie).post("/org/robotics/admins/invite", { email: "nope" });
    expect(bad.status).toBe(400);
    const res = await as(t, owner.cookie).post("/org/robotics/admins/invite", {
      email: "IRA@example.com",
    });
    expect(res.status).toBe(201);
    const invite = await res.json();
    expect(invite).toMatchObject({ email: "ira@example.com", _id: expect.any(String) });
    const mail = (await outbox(t.db)).at(-1)!;
    expect(mail.subject).toBe("Become an admin of Robotics Club");
    const pending = await (await as(t, owner.cookie).get("/org/robotics/admins/invites")).json();
    expect(pending.map((i: { email: string }) => i.email)).toEqual(["ira@example.com"]);
    expect((await as(t, stranger.cookie).get("/org/robotics/admins/invites")).status).toBe(403);
  });

  it("one pending invitation per address, whatever arrives at once", async () => {
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        as(t, owner.cookie).post("/org/robotics/admins/invite", { email: "omar@example.com" }),
      ),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409]);
    const refusal = await answers.find((r) => r.status === 409)!.json();
    expect(refusal.message).toBe("An invitation is already pending for this e-mail address");
  });

  it("accept: 403 to another address, 200 to the invitee (once, again harmless); 410 expired", async () => {
    const token = await tokenMailed(t, "ira@example.com", "org-invite");
    const view = await (await t.request(`/org-invite/${token}`)).json();
    expect(view).toEqual({
      handle: "robotics",
      name: "Robotics Club",
      email: "ira@example.com",
      invitedBy: "Orla Sen",
      expired: false,
    });
    expect((await t.request(`/org-invite/${token}/accept`, { method: "POST" })).status).toBe(401);
    const wrong = await as(t, stranger.cookie).post(`/org-invite/${token}/accept`);
    expect(wrong.status).toBe(403);
    expect(await wrong.json()).toEqual({
      message: "This invitation is for another e-mail address",
    });
    const twice = await Promise.all([
      as(t, invitee.cookie).post(`/org-invite/${token}/accept`),
      as(t, invitee.cookie).post(`/org-invite/${token}/accept`),
    ]);
    for (const r of twice) expect(await r.json()).toEqual({ handle: "robotics", role: "admin" });
    const org = (await (await t.request("/org/robotics")).json()) as Organisation;
    expect(org.admins.map((a) => a.userId)).toEqual([invitee.user.id]);
    // Omar's invitation, a week and a bit later.
    const omar = await tokenMailed(t, "omar@example.com", "org-invite");
    t.clock.advance(8 * 86_400_000);
    const late = await as(t, other.cookie).post(`/org-invite/${omar}/accept`);
    expect(late.status).toBe(410);
    expect(await late.json()).toEqual({ message: "This invitation has expired" });
    expect((await (await t.request(`/org-invite/${omar}`)).json()).expired).toBe(true);
    // A new invitation to the same address can be sent once the old one expired.
    const again = await as(t, invitee.cookie).post("/org/robotics/admins/invite", {
      email: "omar@example.com",
    });
    expect(again.status).toBe(201);
    const fresh = await tokenMailed(t, "omar@example.com", "org-invite");
    expect((await as(t, other.cookie).post(`/org-invite/${fresh}/accept`)).status).toBe(200);
    const dup = await as(t, owner.cookie).post("/org/robotics/admins/invite", {
      email: "omar@example.com",
    });
    expect(dup.status).toBe(409);
    expect((await dup.json()).message).toBe("This person is already an admin of this organisation");
  });

  it("an admin is an admin of the organisation's events; removed, the rights go at once", async () => {
    const org = await orgRow();
    await insertEvent(t.deps, stranger.user.id, { eventNumber: "62001", orgId: org.id });
    expect((await as(t, other.cookie).get("/event/62001/insights")).status).toBe(200);
    expect(
      (await as(t, stranger.cookie).post(`/org/robotics/admins/${other.user.id}/remove`)).status,
    ).toBe(403);
    const removed = await as(t, invitee.cookie).post(
      `/org/robotics/admins/${other.user.id}/remove`,
    );
    expect(removed.status).toBe(200);
    expect(((await removed.json()) as Organisation).admins.map((a) => a.userId)).toEqual([
      invitee.user.id,
    ]);
    expect((await as(t, other.cookie).get("/event/62001/insights")).status).toBe(403);
    const owners = await as(t, invitee.cookie).post(`/org/robotics/admins/${owner.user.id}/remove`);
    expect(owners.status).toBe(409);
    expect(await owners.json()).toEqual({ message: "The owner cannot be removed" });
    const nobody = await as(t, owner.cookie).post(
      `/org/robotics/admins/${stranger.user.id}/remove`,
    );
    expect(nobody.status).toBe(404);
  });

  it("an admin may leave; a non-admin 'leaving' is refused", async () => {
    await t.db
      .insertInto("orgAdmins")
      .values({
        orgId: (await orgRow()).id,
        userId: other.user.id,
        addedAt: "2026-11-21T00:00:00Z",
      })
      .execute();
    const left = await as(t, other.cookie).post(`/org/robotics/admins/${other.user.id}/remove`);
    expect(left.status).toBe(200);
    const again = await as(t, other.cookie).post(`/org/robotics/admins/${other.user.id}/remove`);
    expect(again.status).toBe(403);
  });

  it("hand over: the owner only, to an admin; the old owner becomes an admin", async () => {
    const byAdmin = await as(t, invitee.cookie).post("/org/robotics/owner", {
      userId: invitee.user.id,
    });
    expect(byAdmin.status).toBe(403);
    expect(await byAdmin.json()).toEqual({
      message: "Only the owner can hand over the organisation",
    });
    const notAdmin = await as(t, owner.cookie).post("/org/robotics/owner", {
      userId: stranger.user.id,
    });
    expect(notAdmin.status).toBe(400);
    expect((await notAdmin.json()).errors).toEqual({ userId: ["Choose one of the admins"] });
    const res = await as(t, owner.cookie).post("/org/robotics/owner", { userId: invitee.user.id });
    expect(res.status).toBe(200);
    const org = (await res.json()) as Organisation;
    expect(org.owner.firstName).toBe("Ira");
    expect(org.admins.map((a) => a.userId)).toEqual([owner.user.id]);
    // And back, twice at once from the new owner to two admins: one hand-over happens.
    await t.db
      .insertInto("orgAdmins")
      .values({
        orgId: (await orgRow()).id,
        userId: other.user.id,
        addedAt: "2026-11-22T00:00:00Z",
      })
      .execute();
    const both = await Promise.all([
      as(t, invitee.cookie).post("/org/robotics/owner", { userId: owner.user.id }),
      as(t, invitee.cookie).post("/org/robotics/owner", { userId: other.user.id }),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 403]);
    const after = (await (await t.request("/org/robotics")).json()) as Organisation;
    expect(after.admins).toHaveLength(2);
    expect(after.admins.map((a) => a.userId)).toContain(invitee.user.id);
  });

  it("verify: a college address only; the link, opened by that admin within 24 hours, sets verifiedDomain", async () => {
    const org = await orgRow();
    const admin = (await t.db
      .selectFrom("users")
      .selectAll()
      .where("id", "=", org.ownerId)
      .executeTakeFirstOrThrow()) as UserRow;
    const cookie = [owner, invitee, other].find((p) => p.user.id === admin.id)!.cookie;
    const someoneElse = [owner, invitee, other].find((p) => p.user.id !== admin.id)!;
    expect(
      (await as(t, stranger.cookie).post("/org/robotics/verify", { email: "x@iitd.ac.in" })).status,
    ).toBe(403);
    for (const email of ["club@gmail.com", "x@ac.in"]) {
      const bad = await as(t, cookie).post("/org/robotics/verify", { email });
      expect(bad.status).toBe(400);
      expect((await bad.json()).errors).toEqual({
        email: ["Use an e-mail address of your college"],
      });
    }
    for (const email of ["a@iitd.ac.in", "a@mit.edu", "a@x.edu.in", "a@tifr.res.in"])
      expect((await as(t, cookie).post("/org/robotics/verify", { email })).status).toBe(200);
    const res = await as(t, cookie).post("/org/robotics/verify", { email: "Club@IITD.AC.IN" });
    expect(res.status).toBe(200);
    expect((await res.json()).email).toBe("club@iitd.ac.in");
    const mail = (await outbox(t.db)).at(-1)!;
    expect(mail.subject).toBe("Verify Robotics Club on Utsav");
    const token = await tokenMailed(t, "club@iitd.ac.in", "org-verify");
    expect(await (await t.request(`/org-verify/${token}`)).json()).toEqual({
      handle: "robotics",
      name: "Robotics Club",
      email: "club@iitd.ac.in",
      domain: "iitd.ac.in",
      expired: false,
      used: false,
    });
    // Opening it (GET) changes nothing; the wrong person is refused.
    expect((await orgRow()).verifiedDomain).toBeNull();
    expect((await t.request(`/org-verify/${token}`, { method: "POST" })).status).toBe(401);
    const wrong = await as(t, someoneElse.cookie).post(`/org-verify/${token}`);
    expect(wrong.status).toBe(403);
    expect(await wrong.json()).toEqual({
      message: "Open this link signed in as the admin who asked for it",
    });
    const ok = await as(t, cookie).post(`/org-verify/${token}`);
    expect(await ok.json()).toEqual({ handle: "robotics", verifiedDomain: "iitd.ac.in" });
    expect((await (await t.request("/org/robotics")).json()).verifiedDomain).toBe("iitd.ac.in");
    expect((await as(t, cookie).post(`/org-verify/${token}`)).status).toBe(200);
    // A link older than 24 hours.
    await as(t, cookie).post("/org/robotics/verify", { email: "b@mit.edu" });
    const old = await tokenMailed(t, "b@mit.edu", "org-verify");
    t.clock.advance(24 * 3_600_000 + 1000);
    const late = await as(t, cookie).post(`/org-verify/${old}`);
    expect(late.status).toBe(410);
    expect(await late.json()).toEqual({
      message: "This link has expired. Ask for a new one in the organisation's settings.",
    });
    expect((await orgRow()).verifiedDomain).toBe("iitd.ac.in");
    // Changing the college clears it, and a link sent before the change does nothing.
    await as(t, cookie).post("/org/robotics/verify", { email: "c@mit.edu" });
    const before = await tokenMailed(t, "c@mit.edu", "org-verify");
    const moved = await as(t, cookie).post("/org/robotics", { ...ORG, college: "MIT" });
    expect((await moved.json()).verifiedDomain).toBeNull();
    expect((await as(t, cookie).post(`/org-verify/${before}`)).status).toBe(410);
    expect((await orgRow()).verifiedDomain).toBeNull();
    expect((await t.request("/org-verify/not-a-token")).status).toBe(404);
  });
});
