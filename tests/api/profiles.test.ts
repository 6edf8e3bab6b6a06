import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PublicProfile } from "#server/contracts/profiles";
import { createTestApi, engines, type TestApi } from "#tests/helpers/api";
import { insertCertificate, insertEvent } from "#tests/helpers/certificates";
import { registerDirect } from "#tests/helpers/registrants";
import { as } from "#tests/helpers/registration";
import { createUserWithSession } from "#tests/helpers/users";
import type { UserRow } from "#server/db/schema";

const DAY = 86_400_000;

/** SPEC-4 §5: GET /u/{handle}, what it holds, what it never holds, and the switch. */
describe.each(engines)("public profiles (%s)", (engine) => {
  let t: TestApi;
  let student: { user: UserRow; cookie: string };
  let teammate: { user: UserRow; cookie: string };
  let ids: Record<string, string> = {};
  const at = (days: number) => new Date(t.clock.now().getTime() + days * DAY).toISOString();

  beforeAll(async () => {
    t = await createTestApi(engine);
    const organiser = await createUserWithSession(t.deps, { firstName: "Org" });
    student = await createUserWithSession(t.deps, {
      firstName: "Asha",
      lastName: "Verma",
      email: "asha.verma@example.com",
    });
    teammate = await createUserWithSession(t.deps, { firstName: "Ravi", lastName: "Rao" });
    const o = organiser.user.id;
    const rounds = JSON.stringify([
      {
        _id: "r-prelims-01",
        title: "Prelims",
        startDate: at(-9),
        endDate: at(-8),
        isEliminatorRound: "true",
      },
      {
        _id: "r-finals-001",
        title: "Finals",
        startDate: at(-3),
        endDate: at(-2),
        isEliminatorRound: "false",
      },
    ]);
    // A past team event: the student advanced from the prelims and won rank 1.
    const hack = await insertEvent(t.deps, o, {
      eventNumber: "51001",
      eventName: "HackIndia 2026",
      participationType: "team",
      rounds,
      endDate: at(-10),
    });
    // A past individual event, registered for with a phone number.
    const quiz = await insertEvent(t.deps, o, {
      eventNumber: "51002",
      eventName: "Quiz Bowl",
      organisationName: "Quiz Club",
      endDate: at(-30),
      startDate: at(-40),
    });
    // Not past yet (registration open), a draft, and one the student left (no member row).
    const open = await insertEvent(t.deps, o, {
      eventNumber: "51003",
      eventName: "Open Sprint",
      endDate: at(5),
    });
    const draft = await insertEvent(t.deps, o, {
      eventNumber: "51004",
      eventName: "Draft Cup",
      status: "draft",
    });
    // An event whose registration closed but whose last round is still to come: not past.
    const running = await insertEvent(t.deps, o, {
      eventNumber: "51005",
      eventName: "Running Cup",
      rounds: JSON.stringify([
        { _id: "r-later-0001", title: "Later", startDate: at(1), endDate: at(2) },
      ]),
    });
    const team = await registerDirect(t.deps, hack.id, [student.user, teammate.user], {
      teamName: "Byte Me",
      phone: "9123456780",
    });
    const solo = await registerDirect(t.deps, quiz.id, [student.user], { phone: "9123456781" });
    await registerDirect(t.deps, open.id, [student.user]);
    await registerDirect(t.deps, draft.id, [student.user]);
    await registerDirect(t.deps, running.id, [student.user]);
    await t.db
      .insertInto("roundResults")
      .values([
        { eventId: hack.id, roundIndex: 0, registrationId: team, advanced: 1, updatedAt: at(-8) },
        { eventId: hack.id, roundIndex: 1, registrationId: team, advanced: 0, updatedAt: at(-2) },
        { eventId: quiz.id, roundIndex: 0, registrationId: solo, advanced: 0, updatedAt: at(-2) },
      ])
      .execute();
    await t.db
      .insertInto("eventWinners")
      .values({ eventId: hack.id, rank: 1, registrationId: team, createdAt: at(-1) })
      .execute();
    const kept = await insertCertificate(t.deps, {
      eventId: hack.id,
      eventNumber: "51001",
      userId: student.user.id,
      kind: "merit",
      rank: 1,
      issuedAt: at(-1),
    });
    const revoked = await insertCertificate(t.deps, {
      eventId: quiz.id,
      eventNumber: "51002",
      userId: student.user.id,
      eventName: "Quiz Bowl",
      revokedAt: at(-1),
    });
    ids = { team, solo, kept: kept.id, revoked: revoked.id };
  });
  afterAll(() => t.close());

  const turn = (publicProfile: boolean, handle?: string) =>
    as(t, student.cookie).post("/user/public-profile", { handle, publicProfile });

  it("is 404 before a handle, while off (the default), and for unknown or malformed handles", async () => {
    expect((await t.request("/u/asha-verma")).status).toBe(404);
    expect((await turn(false, "asha-verma")).status).toBe(200);
    const off = await t.request("/u/asha-verma");
    expect(off.status).toBe(404);
    expect(await off.json()).toEqual({ message: "Profile not found" });
    expect((await t.request("/u/nobody-at-all")).status).toBe(404);
    expect((await t.request("/u/Asha-Verma")).status).toBe(404);
    // Even to the person themself: the page shows what everyone sees.
    expect((await as(t, student.cookie).get("/u/asha-verma")).status).toBe(404);
  });

  it("turned on, answers exactly SPEC-4 §5's record to anyone, signed in or not", async () => {
    const res = await turn(true, "asha-verma");
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ handle: "asha-verma", publicProfile: true });
    const anon = await t.request("/u/asha-verma");
    expect(anon.status).toBe(200);
    expect(anon.headers.get("cache-control")).toMatch(/private/);
    const body = (await anon.json()) as PublicProfile;
    const signedIn = await (await as(t, teammate.cookie).get("/u/asha-verma")).json();
    expect(signedIn).toEqual(body);
    const hack = {
      eventNumber: "51001",
      eventName: "HackIndia 2026",
      organisationName: "IIT Delhi Coding Club",
      endedAt: at(-2),
    };
    const quiz = {
      eventNumber: "51002",
      eventName: "Quiz Bowl",
      organisationName: "Quiz Club",
      endedAt: at(-30),
    };
    expect(body).toEqual({
      handle: "asha-verma",
      firstName: "Asha",
      lastName: "Verma",
      avatar: null,
      collegeName: "IIT Delhi",
      course: "B.Tech",
      takenPart: [hack, quiz],
      results: [{ ...hack, roundIndex: 0, round: "Prelims" }],
      wins: [{ ...hack, rank: 1 }],
      certificates: [
        {
          _id: ids.kept,
          url: `/certificate/${ids.kept}`,
          kind: "merit",
          rank: 1,
          eventNumber: "51001",
          eventName: "HackIndia 2026",
          organisationName: "IIT Delhi Coding Club",
          issuedAt: at(-1),
        },
      ],
      orgs: [],
    } satisfies PublicProfile);
  });

  it("never holds an e-mail, a phone number or a team code", async () => {
    const text = await (await t.request("/u/asha-verma")).text();
    const code = (
      await t.db
        .selectFrom("registrations")
        .select("code")
        .where("id", "=", ids.team!)
        .executeTakeFirstOrThrow()
    ).code!;
    expect(code).toMatch(/^[A-Z0-9]{6}$/);
    for (const secret of ["asha.verma@example.com", "@", "9123456780", "9123456781", code])
      expect(text).not.toContain(secret);
  });

  it("a place given up no longer counts", async () => {
    // As cancelling does: the registration and its member rows go (results with them).
    await t.db.transaction().execute(async (trx) => {
      await trx.deleteFrom("roundResults").where("registrationId", "=", ids.solo!).execute();
      await trx.deleteFrom("registrationMembers").where("registrationId", "=", ids.solo!).execute();
      await trx.deleteFrom("registrations").where("id", "=", ids.solo!).execute();
    });
    const body = (await (await t.request("/u/asha-verma")).json()) as PublicProfile;
    expect(body.takenPart.map((e) => e.eventNumber)).toEqual(["51001"]);
  });

  it("the certificate's verification call names the profile while it is public", async () => {
    const on = await (await t.request(`/certificates/${ids.kept}`)).json();
    expect(on.profile).toBe("asha-verma");
    expect((await turn(false)).status).toBe(200);
    const off = await (await t.request(`/certificates/${ids.kept}`)).json();
    expect(off.profile).toBeNull();
  });

  it("turning it off hides it at once; the handle stays the person's", async () => {
    expect((await turn(true)).status).toBe(200);
    expect((await t.request("/u/asha-verma")).status).toBe(200);
    expect((await turn(false)).status).toBe(200);
    expect((await t.request("/u/asha-verma")).status).toBe(404);
    const me = await (await as(t, student.cookie).get("/user/profile")).json();
    expect(me).toMatchObject({ handle: "asha-verma", publicProfile: false });
  });
});
