import { readFile } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Organisation } from "#server/contracts/orgs";
import type { UserRow } from "#server/db/schema";
import { createTestApi, engines, type TestApi } from "#tests/helpers/api";
import { insertEvent } from "#tests/helpers/certificates";
import { ORGANISER_CALLS } from "#tests/helpers/organiser";
import { as, people } from "#tests/helpers/registration";
import { createUserWithSession } from "#tests/helpers/users";

const ORG = {
  name: "Robotics Club",
  college: "IIT Delhi",
  city: "New Delhi",
  about: "We build **robots**.",
  website: "https://robotics.example.org",
  instagram: "@iitd.robotics",
};

/** SPEC-4 §4: organisations (create, read, edit), following, and their admins' rights on events. */
describe.each(engines)("organisations (%s)", (engine) => {
  let t: TestApi;
  let owner: { user: UserRow; cookie: string };
  let stranger: { user: UserRow; cookie: string };
  beforeAll(async () => {
    t = await createTestApi(engine);
    owner = await createUserWithSession(t.deps, {
      firstName: "Orla",
      lastName: "Sen",
      email: "orla.sen@example.com",
    });
    stranger = await createUserWithSession(t.deps, { firstName: "Sam" });
  });
  afterAll(() => t.close());

  const create = (cookie: string, body: Record<string, unknown>) =>
    as(t, cookie).post("/orgs", body);

  it("POST /orgs: 401 signed out; 201 with the organisation object, owned by the caller", async () => {
    expect((await t.request("/orgs", { json: { handle: "robotics", ...ORG } })).status).toBe(401);
    const res = await create(owner.cookie, { handle: "robotics", ...ORG });
    expect(res.status).toBe(201);
    const org = (await res.json()) as Organisation;
    expect(org).toEqual({
      handle: "robotics",
      ...ORG,
      logo: null,
      verifiedDomain: null,
      followers: 0,
      owner: { firstName: "Orla", lastName: "Sen" },
      admins: [],
      createdAt: t.clock.now().toISOString(),
      following: false,
    } satisfies Organisation);
    expect(JSON.stringify(org)).not.toContain("@example.com");
  });

  it("a logo is taken as event logos are (multipart)", async () => {
    const form = new FormData();
    for (const [k, v] of Object.entries({ handle: "logo-club", ...ORG })) form.append(k, v);
    form.append("logo", new File([await readFile("tests/fixtures/logo.png")], "logo.png"));
    const res = await t.request("/orgs", { method: "POST", body: form, cookie: owner.cookie });
    expect(res.status).toBe(201);
    const org = (await res.json()) as Organisation;
    expect(org.logo).toMatch(/^\/api\/v1\/files\/\S+$/);
    expect((await t.request(org.logo!.replace("/api/v1", ""))).status).toBe(200);
  });

  it("a logo kept from a refused form (`logoPending`) is the organisation's logo", async () => {
    const up = new FormData();
    up.append("kind", "logo");
    up.append("file", new File([await readFile("tests/fixtures/logo.png")], "logo.png"));
    const pending = await t.request("/uploads/pending", {
      method: "POST",
      body: up,
      cookie: owner.cookie,
    });
    expect(pending.status).toBe(201);
    const { id } = await pending.json();
    const res = await create(owner.cookie, { handle: "kept-logo", ...ORG, logoPending: id });
    expect(res.status).toBe(201);
    expect((await res.json()).logo).toMatch(/^\/api\/v1\/files\/\S+$/);
    // Someone else's id is refused, and nothing is made.
    const other = await create(stranger.cookie, { handle: "kept-logo-2", ...ORG, logoPending: id });
    expect(other.status).toBe(400);
    await t.db.deleteFrom("handles").where("handle", "=", "kept-logo").execute();
    await t.db.deleteFrom("organisations").where("handle", "=", "kept-logo").execute();
  });

  it.each([
    [{ handle: "Robotics" }, "handle", "Invalid handle"],
    [{ handle: "-robo" }, "handle", "Invalid handle"],
    [{ handle: "robo club" }, "handle", "Invalid handle"],
    [{ handle: "event" }, "handle", "This handle is taken"],
    [{ handle: "new-club", name: "ab" }, "name", "Name is required"],
    [{ handle: "new-club", name: "x".repeat(81) }, "name", "Name is required"],
    [{ handle: "new-club", college: "" }, "college", "College Name is required"],
    [{ handle: "new-club", city: "" }, "city", "Location is required"],
    [
      { handle: "new-club", about: "x".repeat(2001) },
      "about",
      "About must be at most 2,000 characters",
    ],
    [{ handle: "new-club", website: "not a site" }, "website", "Invalid Website Address"],
    [{ handle: "new-club", instagram: "bad handle!" }, "instagram", "Invalid Instagram handle"],
  ])(
    "a bad value is refused under its field (%#: %s '%s'), and nothing is made",
    async (change, field, message) => {
      const res = await create(owner.cookie, { ...ORG, ...change });
      expect(res.status).toBe(400);
      const body = await res.json();
      expect(body.errors[field]).toEqual([message]);
      const made = await t.db
        .selectFrom("organisations")
        .select("handle")
        .where("handle", "=", "new-club")
        .execute();
      expect(made).toEqual([]);
    },
  );

  it("one namespace: a person's handle is taken for organisations and an organisation's for people", async () => {
    const person = await createUserWithSession(t.deps);
    await as(t, person.cookie).post("/user/public-profile", { handle: "asha-v" });
    const res = await create(owner.cookie, { handle: "asha-v", ...ORG });
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({
      message: "This handle is taken",
      errors: { handle: ["This handle is taken"] },
    });
    const again = await create(stranger.cookie, { handle: "robotics", ...ORG });
    expect(again.status).toBe(409);
    const taken = await as(t, person.cookie).post("/user/public-profile", { handle: "robotics" });
    expect(taken.status).toBe(409);
  });

  it("six organisations asking for one handle at once: exactly one is made", async () => {
    const many = await people(t, 6, "Club");
    const answers = await Promise.all(
      many.map((p) => create(p.cookie, { handle: "race-club", ...ORG })),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    const rows = await t.db
      .selectFrom("organisations")
      .select("id")
      .where("handle", "=", "race-club")
      .execute();
    expect(rows).toHaveLength(1);
  });

  it("GET /orgs/sitemap lists every organisation's handle for /sitemap.xml", async () => {
    const entries = (await (await t.request("/orgs/sitemap")).json()) as { handle: string }[];
    expect(entries.map((e) => e.handle)).toContain("robotics");
  });

  it("GET /org/{handle}: anyone; `following` only for a signed-in caller; unknown is 404", async () => {
    const anon = (await (await t.request("/org/robotics")).json()) as Organisation;
    expect(anon.name).toBe("Robotics Club");
    expect(anon).not.toHaveProperty("following");
    const signedIn = await (await as(t, stranger.cookie).get("/org/robotics")).json();
    expect(signedIn.following).toBe(false);
    const missing = await t.request("/org/no-such-club");
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ message: "Organisation not found" });
  });

  it("POST /org/{handle}: 401, 403 'You are not an admin of this organisation' before any other rule; the owner and admins edit", async () => {
    expect((await t.request("/org/robotics", { json: ORG })).status).toBe(401);
    const refused = await as(t, stranger.cookie).post("/org/robotics", { ...ORG, name: "" });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ message: "You are not an admin of this organisation" });
    const bad = await as(t, owner.cookie).post("/org/robotics", { ...ORG, name: "" });
    expect(bad.status).toBe(400);
    expect((await bad.json()).errors.name).toEqual(["Name is required"]);
    const ok = await as(t, owner.cookie).post("/org/robotics", { ...ORG, name: "IITD Robotics" });
    expect(ok.status).toBe(200);
    expect((await ok.json()).name).toBe("IITD Robotics");

    const org = await t.db
      .selectFrom("organisations")
      .select("id")
      .where("handle", "=", "robotics")
      .executeTakeFirstOrThrow();
    const admin = await createUserWithSession(t.deps, { firstName: "Adi", lastName: "Rao" });
    await t.db
      .insertInto("orgAdmins")
      .values({ orgId: org.id, userId: admin.user.id, addedAt: t.clock.now().toISOString() })
      .execute();
    const byAdmin = await as(t, admin.cookie).post("/org/robotics", { ...ORG, about: "" });
    expect(byAdmin.status).toBe(200);
    const body = (await byAdmin.json()) as Organisation;
    expect(body.about).toBeNull();
    expect(body.admins).toEqual([{ userId: admin.user.id, firstName: "Adi", lastName: "Rao" }]);
  });

  it("changing `college` clears the verification; other edits keep it", async () => {
    await t.db
      .updateTable("organisations")
      .set({ verifiedDomain: "iitd.ac.in" })
      .where("handle", "=", "robotics")
      .execute();
    const same = await as(t, owner.cookie).post("/org/robotics", { ...ORG, city: "Delhi" });
    expect((await same.json()).verifiedDomain).toBe("iitd.ac.in");
    const moved = await as(t, owner.cookie).post("/org/robotics", {
      ...ORG,
      college: "IIT Bombay",
    });
    expect((await moved.json()).verifiedDomain).toBeNull();
  });

  it("follow and unfollow: exact `followers` under parallel requests, /my/following", async () => {
    expect((await t.request("/org/robotics/follow", { method: "POST" })).status).toBe(401);
    const fans = await people(t, 12, "Fan");
    const followed = await Promise.all(
      fans.map((f) => as(t, f.cookie).post("/org/robotics/follow")),
    );
    expect(followed.every((r) => r.status === 200)).toBe(true);
    expect((await (await t.request("/org/robotics")).json()).followers).toBe(12);
    // One person following eight times at once is one follower.
    const twice = await Promise.all(
      Array.from({ length: 8 }, () => as(t, stranger.cookie).post("/org/robotics/follow")),
    );
    expect(twice.every((r) => r.status === 200)).toBe(true);
    const state = await (await as(t, stranger.cookie).post("/org/robotics/follow")).json();
    expect(state).toEqual({ following: true, followers: 13 });
    const mine = (await (
      await as(t, stranger.cookie).get("/my/following")
    ).json()) as Organisation[];
    expect(mine.map((o) => o.handle)).toEqual(["robotics"]);
    expect(mine[0]!.following).toBe(true);
    // Six unfollow at once, one of them thrice.
    await Promise.all([
      ...fans.slice(0, 6).map((f) => as(t, f.cookie).post("/org/robotics/unfollow")),
      as(t, fans[0]!.cookie).post("/org/robotics/unfollow"),
      as(t, fans[0]!.cookie).post("/org/robotics/unfollow"),
    ]);
    const after = await (await as(t, fans[0]!.cookie).post("/org/robotics/unfollow")).json();
    expect(after).toEqual({ following: false, followers: 7 });
    expect((await as(t, fans[0]!.cookie).post("/org/no-such-club/follow")).status).toBe(404);
  });

  it("GET /my/orgs lists what the caller owns or administers; a public profile lists them too", async () => {
    const mine = (await (await as(t, owner.cookie).get("/my/orgs")).json()) as Organisation[];
    expect(mine.map((o) => o.handle).sort()).toEqual(["logo-club", "robotics"]);
    expect(await (await as(t, stranger.cookie).get("/my/orgs")).json()).toEqual([]);
    await as(t, owner.cookie).post("/user/public-profile", {
      handle: "orla-sen",
      publicProfile: true,
    });
    const profile = await (await t.request("/u/orla-sen")).json();
    // By name (both "Robotics Club" again), then handle.
    expect(profile.orgs.map((o: { handle: string; role: string }) => [o.handle, o.role])).toEqual([
      ["logo-club", "owner"],
      ["robotics", "owner"],
    ]);
  });

  it("the owner and admins of an organisation are admins of its events; removing an admin takes it away at once", async () => {
    const org = await t.db
      .selectFrom("organisations")
      .select("id")
      .where("handle", "=", "logo-club")
      .executeTakeFirstOrThrow();
    const creator = await createUserWithSession(t.deps, { firstName: "Cara" });
    const clubAdmin = await createUserWithSession(t.deps, { firstName: "Dev" });
    await t.db
      .insertInto("orgAdmins")
      .values({ orgId: org.id, userId: clubAdmin.user.id, addedAt: t.clock.now().toISOString() })
      .execute();
    const rounds = JSON.stringify([
      {
        _id: "r-first-0001",
        title: "Prelims",
        startDate: "2026-11-01T00:00:00.000Z",
        endDate: "2026-11-02T00:00:00.000Z",
      },
    ]);
    await insertEvent(t.deps, creator.user.id, { eventNumber: "52001", orgId: org.id, rounds });
    await insertEvent(t.deps, creator.user.id, {
      eventNumber: "52002",
      orgId: org.id,
      status: "draft",
    });
    // Every organiser call but deleting (the creator's alone) is open to them, as to an admin.
    const calls = ORGANISER_CALLS.filter(([, path]) => !/delete|unpublish|duplicate/.test(path));
    for (const who of [owner, clubAdmin]) {
      for (const [method, path, body] of calls) {
        const res = await t.request(`/event/52001${path}`, {
          method,
          json: body,
          cookie: who.cookie,
        });
        // Read to the end: a streamed answer (the CSV) must not outlive the test's database.
        await res.arrayBuffer();
        expect([401, 403, 404], `${method} ${path}`).not.toContain(res.status);
      }
      // A draft of the organisation is theirs to see.
      expect((await as(t, who.cookie).get("/event/details/52002")).status).not.toBe(404);
    }
    const del = await as(t, clubAdmin.cookie).post("/event/52001/delete", {});
    expect(del.status).toBe(403);
    for (const [method, path, body] of calls) {
      const res = await t.request(`/event/52001${path}`, {
        method,
        json: body,
        cookie: stranger.cookie,
      });
      expect(res.status, `${method} ${path}`).toBe(403);
    }
    await t.db.deleteFrom("orgAdmins").where("userId", "=", clubAdmin.user.id).execute();
    const after = await as(t, clubAdmin.cookie).get("/event/52001/insights");
    expect(after.status).toBe(403);
    expect((await as(t, clubAdmin.cookie).get("/event/details/52002")).status).toBe(404);
  });
});
