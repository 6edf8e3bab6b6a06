import { readdirSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HANDLE_PATTERN, RESERVED_HANDLES } from "#server/contracts/handles";
import { createTestApi, engines, type TestApi } from "#tests/helpers/api";
import { as, people } from "#tests/helpers/registration";
import { createUserWithSession } from "#tests/helpers/users";

/** The first path word of every page and file route of the web app (`app/routes/`). */
function routePathWords(): string[] {
  const words = new Set<string>();
  for (const file of readdirSync("app/routes")) {
    const segments = file
      .replace(/\.(tsx|ts)$/, "")
      .replace(/\[\.\]/g, "\u0000")
      .split(".")
      .filter((s) => !s.startsWith("_") && !s.startsWith("$"));
    const first = segments[0]?.split("\u0000")[0];
    if (first) words.add(first);
  }
  return [...words].sort();
}

describe("handles: the site's path words are reserved", () => {
  it("every first path word of app/routes is a reserved handle, and so are org, orgs and u", () => {
    const words = routePathWords();
    // The routes this test reads: if it finds none, it checks nothing.
    expect(words).toEqual(expect.arrayContaining(["event", "my", "login", "signup", "profile"]));
    for (const word of [...words, "org", "orgs", "u", "api"])
      if (HANDLE_PATTERN.test(word)) expect(RESERVED_HANDLES.has(word), word).toBe(true);
  });
});

/** SPEC-4 §4–5: one namespace of handles, its rules and messages, taken once under races. */
describe.each(engines)("handles (%s)", (engine) => {
  let t: TestApi;
  beforeAll(async () => {
    t = await createTestApi(engine);
  });
  afterAll(() => t.close());

  const setHandle = (cookie: string, handle: unknown, publicProfile = false) =>
    as(t, cookie).post("/user/public-profile", { handle, publicProfile });

  it("a new user has no handle and no public profile", async () => {
    const { cookie } = await createUserWithSession(t.deps);
    const me = await (await as(t, cookie).get("/user/profile")).json();
    expect(me).toMatchObject({ handle: null, publicProfile: false });
  });

  it.each([
    "Asha",
    "asha verma",
    "-asha",
    "asha-",
    "as",
    "a".repeat(31),
    "asha_v",
    "आशा",
    "asha.v",
  ])("'%s' is refused 'Invalid handle' and changes nothing", async (handle) => {
    const { user, cookie } = await createUserWithSession(t.deps);
    const res = await setHandle(cookie, handle);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      message: "Invalid handle",
      errors: { handle: ["Invalid handle"] },
    });
    const row = await t.db
      .selectFrom("handles")
      .select("handle")
      .where("userId", "=", user.id)
      .execute();
    expect(row).toEqual([]);
  });

  it("3 and 30 characters, digits and inner hyphens are fine", async () => {
    for (const handle of ["a1b", `a-${"b".repeat(27)}c`, "2026-ace"]) {
      const { cookie } = await createUserWithSession(t.deps);
      const res = await setHandle(cookie, handle);
      expect(res.status, handle).toBe(200);
      expect((await res.json()).handle).toBe(handle);
    }
  });

  // "my" and "u" are too short to be handles at all ('Invalid handle').
  it.each(["event", "login", "signup", "org", "orgs", "api", "profile", "certificate"])(
    "the path word '%s' is 'This handle is taken'",
    async (handle) => {
      const { cookie } = await createUserWithSession(t.deps);
      const res = await setHandle(cookie, handle);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({
        message: "This handle is taken",
        errors: { handle: ["This handle is taken"] },
      });
    },
  );

  it("a handle someone holds is 'This handle is taken' (409), and their handle stays theirs", async () => {
    const [a, b] = await people(t, 2, "Taken");
    expect((await setHandle(a!.cookie, "asha-verma")).status).toBe(200);
    const res = await setHandle(b!.cookie, "asha-verma");
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({
      message: "This handle is taken",
      errors: { handle: ["This handle is taken"] },
    });
    const me = await (await as(t, b!.cookie).get("/user/profile")).json();
    expect(me.handle).toBeNull();
    const holder = await t.db
      .selectFrom("handles")
      .select("userId")
      .where("handle", "=", "asha-verma")
      .executeTakeFirstOrThrow();
    expect(holder.userId).toBe(a!.user.id);
  });

  it("a handle taken by an organisation's row is taken for people too (one namespace)", async () => {
    await t.db
      .insertInto("handles")
      .values({
        handle: "robotics-club",
        userId: null,
        orgId: 1,
        createdAt: "2026-11-21T00:00:00Z",
      })
      .execute();
    const { cookie } = await createUserWithSession(t.deps);
    const res = await setHandle(cookie, "robotics-club");
    expect(res.status).toBe(409);
  });

  it("a new handle frees the old one for someone else; the same handle again changes nothing", async () => {
    const [a, b] = await people(t, 2, "Move");
    expect((await setHandle(a!.cookie, "first-pick")).status).toBe(200);
    expect((await setHandle(a!.cookie, "first-pick")).status).toBe(200);
    expect((await setHandle(a!.cookie, "second-pick")).status).toBe(200);
    expect((await setHandle(b!.cookie, "first-pick")).status).toBe(200);
    const rows = await t.db
      .selectFrom("handles")
      .select(["handle", "userId"])
      .where("handle", "in", ["first-pick", "second-pick"])
      .orderBy("handle")
      .execute();
    expect(rows).toEqual([
      { handle: "first-pick", userId: b!.user.id },
      { handle: "second-pick", userId: a!.user.id },
    ]);
  });

  it("eight people asking for one handle at once: exactly one gets it", async () => {
    const many = await people(t, 8, "Race");
    const answers = await Promise.all(many.map((p) => setHandle(p.cookie, "the-one")));
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
    const rows = await t.db
      .selectFrom("handles")
      .selectAll()
      .where("handle", "=", "the-one")
      .execute();
    expect(rows).toHaveLength(1);
    const holders = await t.db
      .selectFrom("users")
      .select("id")
      .where("handle", "=", "the-one")
      .execute();
    expect(holders).toEqual([{ id: rows[0]!.userId }]);
  });

  it("a public profile needs a handle: 'Choose a handle to make your profile public'", async () => {
    const { cookie } = await createUserWithSession(t.deps);
    const res = await as(t, cookie).post("/user/public-profile", { publicProfile: true });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      message: "Choose a handle to make your profile public",
      errors: { handle: ["Choose a handle to make your profile public"] },
    });
    const me = await (await as(t, cookie).get("/user/profile")).json();
    expect(me.publicProfile).toBe(false);
  });

  it("signed out: 401", async () => {
    const res = await t.request("/user/public-profile", { json: { handle: "nobody-here" } });
    expect(res.status).toBe(401);
  });
});
