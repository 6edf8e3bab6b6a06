import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, engines, outbox, type TestApi } from "#tests/helpers/api";
import { insertEvent } from "#tests/helpers/organiser-event";
import { as, DETAILS } from "#tests/helpers/registration";
import { createUserWithSession } from "#tests/helpers/users";

/**
 * SPEC-2 §1: a team's `code` "is shown to the team's members only". Everything a non-member can
 * read about a team event (signed out, a stranger, someone removed from the team, someone whose
 * request was declined, the organiser), every answer and every mail they get, must not carry it.
 */
describe.each(engines)("a team's code reaches its members only, on %s (SPEC-2 §1)", (engine) => {
  let t: TestApi;
  let n: string;
  let code: string;
  let teamId: string;
  const cookies: Record<
    "organiser" | "leader" | "member" | "removed" | "declined" | "stranger",
    string
  > = {
    organiser: "",
    leader: "",
    member: "",
    removed: "",
    declined: "",
    stranger: "",
  };
  const emails: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApi(engine);
    for (const who of Object.keys(cookies) as (keyof typeof cookies)[]) {
      const { user, cookie } = await createUserWithSession(t.deps, { firstName: who });
      cookies[who] = cookie;
      emails[who] = user.email;
    }
    const organiser = await t.db
      .selectFrom("users")
      .select("id")
      .where("email", "=", emails.organiser)
      .executeTakeFirstOrThrow();
    ({ eventNumber: n } = await insertEvent(t.deps, organiser.id, {
      participationType: "team",
      minTeam: 2,
      maxTeam: 4,
    }));
    const created = await as(t, cookies.leader).post(`/event/${n}/register`, {
      ...DETAILS,
      teamName: "Night Owls",
    });
    expect(created.status).toBe(201);
    ({
      _id: teamId,
      team: { code },
    } = await created.json());
    for (const who of ["member", "removed"] as const) {
      const joined = await as(t, cookies[who]).post(`/event/${n}/team/join`, { ...DETAILS, code });
      expect(joined.status).toBe(200);
    }
    const removedId = await t.db
      .selectFrom("users")
      .select("id")
      .where("email", "=", emails.removed)
      .executeTakeFirstOrThrow();
    expect(
      (await as(t, cookies.leader).post(`/event/${n}/team/remove`, { userId: removedId.id }))
        .status,
    ).toBe(200);
    // The team looks for people on the board; someone asks to join and is declined.
    expect(
      (await as(t, cookies.leader).post(`/event/${n}/teammates`, { pitch: "Need a designer" }))
        .status,
    ).toBe(200);
    const asked = await as(t, cookies.declined).post(`/event/${n}/team/${teamId}/requests`, {
      ...DETAILS,
      message: "I design",
    });
    expect(asked.status).toBe(201);
    const { _id: requestId } = await asked.json();
    expect(
      (await as(t, cookies.leader).post(`/event/${n}/team/requests/${requestId}/decline`)).status,
    ).toBe(200);
    // The organiser advances the team after round 1: results name the team, not its code.
    expect(
      (
        await as(t, cookies.organiser).post(`/event/${n}/rounds/0/results`, {
          advancing: [teamId],
        })
      ).status,
    ).toBe(200);
  });
  afterAll(() => t.close());

  const readAll = async (cookie: string | undefined, paths: string[]) =>
    Promise.all(
      paths.map(async (path) => {
        const res = await t.request(path, cookie ? { cookie } : {});
        return { path, status: res.status, text: await res.text() };
      }),
    );

  it("members see it (so this test can tell)", async () => {
    for (const who of ["leader", "member"] as const) {
      const [mine] = await readAll(cookies[who], [`/event/${n}/registration`]);
      expect(mine.text).toContain(code);
    }
  });

  it("no answer to anyone outside the team carries it, signed in or out", async () => {
    const publicPaths = [
      `/event/${n}/registration`,
      `/event/${n}/results`,
      `/event/${n}/results/board`,
      `/event/details/${n}`,
    ];
    const personal = [
      ...publicPaths,
      `/event/${n}/teammates`,
      `/event/${n}/team/requests`,
      "/my/registrations",
    ];
    const seen = [
      ...(await readAll(undefined, publicPaths)),
      ...(await readAll(cookies.stranger, personal)),
      ...(await readAll(cookies.removed, personal)),
      ...(await readAll(cookies.declined, personal)),
      ...(await readAll(cookies.organiser, [
        ...personal,
        `/event/${n}/registrations`,
        `/event/${n}/registrations?q=night`,
        `/event/${n}/registrations?format=csv`,
        `/event/${n}/insights`,
      ])),
    ];
    // The reads answered (a 200 with content for the board, results and the organiser's list).
    for (const path of [
      `/event/${n}/teammates`,
      `/event/${n}/results`,
      `/event/${n}/registrations`,
      `/event/${n}/registrations?format=csv`,
    ])
      expect(seen.find((s) => s.path === path && s.status === 200)?.text).toContain("Night Owls");
    for (const s of seen) expect(s.text, `${s.path} (${s.status})`).not.toContain(code);
  });

  it("no mail to anyone outside the team carries it", async () => {
    const mails = await outbox(t.db);
    const outside = mails.filter((m) =>
      [emails.organiser, emails.removed, emails.declined, emails.stranger].includes(m.to),
    );
    expect(outside.map((m) => m.to)).toContain(emails.removed); // 'you were removed'
    for (const m of outside) expect(`${m.subject}\n${m.text}\n${m.html}`).not.toContain(code);
    // The leader's confirmation carries it, as SPEC-2 says.
    expect(mails.find((m) => m.to === emails.leader)?.text).toContain(code);
  });
});
