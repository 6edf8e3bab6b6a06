import { activityOf } from "#tests/helpers/team";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Certificate } from "#server/contracts/certificate";
import type { UserRow } from "#server/db/schema";
import { certificatePdfsSettled } from "#server/services/certificates/certificate-pdf";
import { APP_URL, createTestApi, engines, linksIn, outbox, type TestApi } from "#tests/helpers/api";
import { insertEvent } from "#tests/helpers/certificates";
import { registerDirect } from "#tests/helpers/registrants";
import { createUserWithSession } from "#tests/helpers/users";

const DAY = 86_400_000;
type Person = { user: UserRow; cookie: string };

/** SPEC-2 §5: issuing participation and merit certificates, once, to the right people. */
describe.each(engines)("certificates: issuing (%s)", (engine) => {
  let t: TestApi;
  let org: Person;
  let solo: string; // individual event: three registrants
  let teams: string; // team event (2-3): one complete team, one incomplete
  let soloIds: { event: number; registrations: string[] };
  let teamsId: number;
  let soloPeople: Person[];
  let complete: Person[];
  let alone: Person;
  let completeId: string;

  const issue = (n: string, kind: unknown, cookie = org.cookie) =>
    t.request(`/event/${n}/certificates`, { method: "POST", json: { kind }, cookie });
  const certificatesOf = (n: string) =>
    t.db
      .selectFrom("certificates")
      .selectAll()
      .where("eventNumber", "=", n)
      .orderBy("recipientName")
      .execute();
  const mine = async (p: Person) =>
    (await (await t.request("/my/certificates", { cookie: p.cookie })).json()) as Certificate[];
  async function people(n: number, prefix: string): Promise<Person[]> {
    const out: Person[] = [];
    for (let i = 0; i < n; i++)
      out.push(
        await createUserWithSession(t.deps, { firstName: `${prefix}${i}`, lastName: "Rao" }),
      );
    return out;
  }
  /** An event whose registration window is open now and closes in 5 days. */
  const openEvent = (eventNumber: string, extra = {}) =>
    insertEvent(t.deps, org.user.id, {
      eventNumber,
      startDate: new Date(t.clock.now().getTime() - DAY).toISOString(),
      endDate: new Date(t.clock.now().getTime() + 5 * DAY).toISOString(),
      ...extra,
    });

  beforeAll(async () => {
    t = await createTestApi(engine);
    org = await createUserWithSession(t.deps, { firstName: "Organiser" });
    const soloEvent = await openEvent("42001", { eventName: "Solo Sprint" });
    const teamEvent = await openEvent("42002", {
      eventName: "Team Hack",
      participationType: "team",
      minTeam: 2,
      maxTeam: 3,
    });
    solo = soloEvent.eventNumber;
    teams = teamEvent.eventNumber;
    teamsId = teamEvent.id;
    soloPeople = [
      await createUserWithSession(t.deps, { firstName: "आशा", lastName: "वर्मा" }),
      ...(await people(2, "Solo")),
    ];
    soloIds = { event: soloEvent.id, registrations: [] };
    for (const p of soloPeople)
      soloIds.registrations.push(await registerDirect(t.deps, soloEvent.id, [p.user]));
    complete = await people(2, "Team");
    completeId = await registerDirect(
      t.deps,
      teamEvent.id,
      complete.map((p) => p.user),
      { teamName: "Bit Wizards" },
    );
    [alone] = await people(1, "Alone");
    await registerDirect(t.deps, teamEvent.id, [alone.user], { teamName: "Solo Team" });
  });
  afterAll(async () => {
    await certificatePdfsSettled();
    await t.close();
  });

  it("refuses while registration is open: 409 'Certificates can be issued after registration closes'", async () => {
    const res = await issue(solo, "participation");
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({
      message: "Certificates can be issued after registration closes",
    });
    expect(await certificatesOf(solo)).toEqual([]);
    t.clock.advance(6 * DAY); // every event above has now closed
  });

  it("401 signed out, 403 for anyone but the creator, 404 for an unknown event, 400 for a wrong kind", async () => {
    expect(
      (await t.request(`/event/${solo}/certificates`, { method: "POST", json: { kind: "merit" } }))
        .status,
    ).toBe(401);
    expect((await issue(solo, "participation", soloPeople[0].cookie)).status).toBe(403);
    expect((await issue("99999", "participation")).status).toBe(404);
    for (const kind of [undefined, "gold", 1]) {
      const res = await issue(solo, kind);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({
        message: "Choose participation or merit",
        errors: { kind: ["Choose participation or merit"] },
      });
    }
    expect(await certificatesOf(solo)).toEqual([]);
  });

  it("pending: how many people issuing would mail, for the web's confirmation (issue 31)", async () => {
    const pending = (n: string, kind: string, cookie = org.cookie) =>
      t.request(`/event/${n}/certificates/pending?kind=${kind}`, { cookie });
    expect(await (await pending(solo, "participation")).json()).toEqual({ recipients: 3 });
    expect(await (await pending(teams, "participation")).json()).toEqual({ recipients: 2 });
    expect(await (await pending(teams, "merit")).json()).toEqual({ recipients: 0 });
    expect((await pending(solo, "participation", soloPeople[0].cookie)).status).toBe(403);
    expect((await pending(solo, "gold")).status).toBe(400);
    expect((await t.request(`/event/${solo}/certificates/pending?kind=merit`)).status).toBe(401);
    expect(await certificatesOf(solo)).toEqual([]);
  });

  it("participation: every person of every individual registration, each mailed a link, once", async () => {
    const before = (await outbox(t.db)).length;
    const res = await issue(solo, "participation");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ issued: 3 });
    // SPEC-3 §1: the team's log records the issue.
    expect((await activityOf(t.deps, solo))[0]?.[0]).toBe("certificates.issued");
    const rows = await certificatesOf(solo);
    expect(rows.map((r) => r.userId).sort()).toEqual(soloPeople.map((p) => p.user.id).sort());
    const mails = (await outbox(t.db)).slice(before);
    expect(mails).toHaveLength(3);
    for (const p of soloPeople) {
      const mail = mails.find((m) => m.to === p.user.email)!;
      const row = rows.find((r) => r.userId === p.user.id)!;
      expect(mail.subject).toBe("Your certificate for Solo Sprint");
      expect(linksIn(mail.text)).toContain(`${APP_URL}/certificate/${row.id}`);
    }
    // The name as the profile has it, Devanagari included.
    expect(await mine(soloPeople[0])).toEqual([
      expect.objectContaining({
        kind: "participation",
        rank: null,
        rankLabel: null,
        recipientName: "आशा वर्मा",
        eventName: "Solo Sprint",
        eventNumber: solo,
        revoked: false,
      }),
    ]);
  });

  it("issuing again never duplicates and mails nobody again", async () => {
    const before = (await outbox(t.db)).length;
    expect(await (await issue(solo, "participation")).json()).toEqual({ issued: 0 });
    const pending = await t.request(`/event/${solo}/certificates/pending?kind=participation`, {
      cookie: org.cookie,
    });
    expect(await pending.json()).toEqual({ recipients: 0 });
    expect(await certificatesOf(solo)).toHaveLength(3);
    expect(await outbox(t.db)).toHaveLength(before);
  });

  it("participation on a team event: members of complete teams only", async () => {
    expect(await (await issue(teams, "participation")).json()).toEqual({ issued: 2 });
    const rows = await certificatesOf(teams);
    expect(rows.map((r) => r.userId).sort()).toEqual(complete.map((p) => p.user.id).sort());
    expect(rows.every((r) => r.registrationId === completeId)).toBe(true);
    expect(rows.some((r) => r.userId === alone.user.id)).toBe(false);
  });

  it("merit: every person of every winning registration, with SPEC's rank label", async () => {
    const now = t.clock.now().toISOString();
    await t.db
      .insertInto("eventWinners")
      .values([
        { eventId: teamsId, rank: 1, registrationId: completeId, createdAt: now },
        {
          eventId: soloIds.event,
          rank: 2,
          registrationId: soloIds.registrations[1],
          createdAt: now,
        },
      ])
      .execute();
    const before = (await outbox(t.db)).length;
    expect(await (await issue(teams, "merit")).json()).toEqual({ issued: 2 });
    expect(await (await issue(solo, "merit")).json()).toEqual({ issued: 1 });
    expect(await (await issue(solo, "merit")).json()).toEqual({ issued: 0 });
    expect((await outbox(t.db)).length - before).toBe(3);
    expect((await mine(complete[1])).map((c) => [c.kind, c.rank, c.rankLabel])).toEqual(
      expect.arrayContaining([
        ["merit", 1, "Winner"],
        ["participation", null, null],
      ]),
    );
    expect((await mine(soloPeople[1])).find((c) => c.kind === "merit")?.rankLabel).toBe(
      "First Runner Up",
    );
  });

  it("a revoked certificate is not issued again", async () => {
    const [row] = await certificatesOf(solo);
    await t.request(`/event/${solo}/certificates/${row.id}/revoke`, {
      method: "POST",
      cookie: org.cookie,
    });
    expect((await activityOf(t.deps, solo)).map(([a]) => a)).toContain("certificate.revoked");
    expect(await (await issue(solo, "participation")).json()).toEqual({ issued: 0 });
    const pending = await t.request(`/event/${solo}/certificates/pending?kind=participation`, {
      cookie: org.cookie,
    });
    expect(await pending.json()).toEqual({ recipients: 0 });
    const participation = (await certificatesOf(solo)).filter((r) => r.kind === "participation");
    expect(participation).toHaveLength(3);
    expect(participation.find((r) => r.id === row.id)?.revokedAt).not.toBeNull();
  });

  it("two issues at once: every certificate once, every recipient mailed once", async () => {
    const race = await insertEvent(t.deps, org.user.id, {
      eventNumber: "42003",
      eventName: "Race Cup",
    });
    const n = race.eventNumber;
    const racers = await people(12, "Racer");
    for (const p of racers) await registerDirect(t.deps, race.id, [p.user]);
    const before = (await outbox(t.db)).length;
    const answers = await Promise.all([issue(n, "participation"), issue(n, "participation")]);
    expect(answers.map((r) => r.status)).toEqual([200, 200]);
    const counts = await Promise.all(answers.map(async (r) => (await r.json()).issued as number));
    expect(counts.reduce((a, b) => a + b)).toBe(12);
    expect(await certificatesOf(n)).toHaveLength(12);
    const mails = (await outbox(t.db)).slice(before);
    expect(mails.map((m) => m.to).sort()).toEqual(racers.map((p) => p.user.email).sort());
  });
});
