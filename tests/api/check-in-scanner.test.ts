import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NOT_YOUR_EVENT } from "#server/contracts/organiser";
import { TEAM_MESSAGES } from "#server/contracts/team";
import { countStatements, createTestApi, engines, type TestApi } from "#tests/helpers/api";
import { checkInRows, eventWithTickets, scan } from "#tests/helpers/check-in";
import { createUserWithSession } from "#tests/helpers/users";

/**
 * A gate's scan reads the session, the event and the scanner's role in one statement
 * (`readScanner`): whoever may scan by the team's rights (SPEC-3 §1) still may, whoever may not is
 * refused as `requireRight` refuses, and a scan costs one statement before its transaction.
 */
describe.each(engines)("who may scan, read with the session, on %s", (engine) => {
  let t: TestApi;
  let statements: ReturnType<typeof countStatements>;
  let owner: Awaited<ReturnType<typeof createUserWithSession>>;
  beforeAll(async () => {
    t = await createTestApi(engine);
    statements = countStatements(t);
    owner = await createUserWithSession(t.deps, { firstName: "Owner" });
  });
  afterAll(() => t.close());

  const eventIdOf = async (eventNumber: string) =>
    (
      await t.db
        .selectFrom("events")
        .select("id")
        .where("eventNumber", "=", eventNumber)
        .executeTakeFirstOrThrow()
    ).id;
  async function onTeam(eventNumber: string, role: string) {
    const member = await createUserWithSession(t.deps, { firstName: `A ${role}` });
    await t.db
      .insertInto("eventOrganisers")
      .values({
        eventId: await eventIdOf(eventNumber),
        userId: member.user.id,
        role,
        joinedAt: new Date().toISOString(),
      })
      .execute();
    return member;
  }

  it("the owner's scan: one statement before the scan's own, the check-in kept with its scanner", async () => {
    const { eventNumber, holders } = await eventWithTickets(t, owner.user.id, 1);
    statements.reset();
    const res = await scan(t, owner.cookie, eventNumber, { code: holders[0]!.ticket.code });
    expect(res.status).toBe(200);
    const first = await res.json();
    expect(first.by).toBe("Owner");
    // The read (session, event, role), then the nonce, the ticket, the check-in, the answer: on
    // PostgreSQL the last four are one statement (scanCodeAtOnce).
    expect(statements.count()).toBe(engine === "postgres" ? 2 : 5);
    expect(await checkInRows(t, eventNumber)).toEqual([
      expect.objectContaining({ userId: holders[0]!.user.id, byUserId: owner.user.id }),
    ]);
    // Scanned again: 'Already checked in' with the kept time and scanner; on PostgreSQL the kept
    // check-in comes with the ticket, elsewhere it is read.
    statements.reset();
    const again = await scan(t, owner.cookie, eventNumber, { code: holders[0]!.ticket.code });
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({
      person: { memberId: holders[0]!.user.id, by: "Owner" },
      by: "Owner",
      checkedInAt: first.checkedInAt,
    });
    expect(statements.count()).toBe(engine === "postgres" ? 2 : 6);
  });

  it("each outcome's answer is kept with its nonce: sent again, the same answer and status, nothing written", async () => {
    const { eventNumber, holders } = await eventWithTickets(t, owner.user.id, 2);
    const nonceRow = (n: string) =>
      t.db
        .selectFrom("checkInNonces")
        .select(["status", "answer"])
        .where("nonce", "=", n)
        .executeTakeFirstOrThrow();
    const twice = async (code: string, n: string, status: number) => {
      const first = await scan(t, owner.cookie, eventNumber, { code, nonce: n });
      expect(first.status).toBe(status);
      const body = await first.json();
      const again = await scan(t, owner.cookie, eventNumber, { code, nonce: n });
      expect(again.status).toBe(status);
      expect(await again.json()).toEqual(body);
      const kept = await nonceRow(n);
      expect(kept.status).toBe(status);
      return { body, kept: JSON.parse(kept.answer) };
    };
    const checkedIn = await twice(holders[0]!.ticket.code, `in-${engine}`, 200);
    expect(checkedIn.kept).toEqual({
      nonce: `in-${engine}`,
      status: "checked-in",
      person: { ...checkedIn.body.person },
      checkedInAt: checkedIn.body.checkedInAt,
      by: "Owner",
    });
    expect(checkedIn.body.person).toEqual({
      memberId: holders[0]!.user.id,
      firstName: holders[0]!.user.firstName,
      lastName: holders[0]!.user.lastName,
      collegeName: expect.any(String),
      teamName: null,
      checkedInAt: checkedIn.body.checkedInAt,
      by: "Owner",
    });
    const already = await twice(holders[0]!.ticket.code, `again-${engine}`, 409);
    expect(already.kept).toMatchObject({ status: "already", by: "Owner" });
    expect(already.body.checkedInAt).toBe(checkedIn.body.checkedInAt);
    await t.db
      .updateTable("tickets")
      .set({ cancelledAt: new Date().toISOString() })
      .where("userId", "=", holders[1]!.user.id)
      .execute();
    const cancelled = await twice(holders[1]!.ticket.code, `gone-${engine}`, 409);
    expect(cancelled.kept).toEqual({
      nonce: `gone-${engine}`,
      status: "cancelled",
      person: null,
      checkedInAt: null,
      by: null,
    });
    // A ticket signed for this event that it no longer has: invalid.
    await t.db.deleteFrom("tickets").where("userId", "=", holders[1]!.user.id).execute();
    const invalid = await twice(holders[1]!.ticket.code, `none-${engine}`, 400);
    expect(invalid.kept).toMatchObject({ status: "invalid", person: null });
    expect((await checkInRows(t, eventNumber)).length).toBe(1);
  });

  it("a volunteer and an admin scan; a judge and a stranger get 403 with requireRight's messages", async () => {
    const { eventNumber, holders } = await eventWithTickets(t, owner.user.id, 2);
    const volunteer = await onTeam(eventNumber, "volunteer");
    const admin = await onTeam(eventNumber, "admin");
    const judge = await onTeam(eventNumber, "judge");
    const stranger = await createUserWithSession(t.deps, { firstName: "Stranger" });
    const byVolunteer = await scan(t, volunteer.cookie, eventNumber, {
      code: holders[0]!.ticket.code,
    });
    expect(byVolunteer.status).toBe(200);
    expect((await byVolunteer.json()).by).toBe("A volunteer");
    const byAdmin = await scan(t, admin.cookie, eventNumber, { code: holders[1]!.ticket.code });
    expect(byAdmin.status).toBe(200);
    const byJudge = await scan(t, judge.cookie, eventNumber, { code: holders[1]!.ticket.code });
    expect(byJudge.status).toBe(403);
    expect((await byJudge.json()).message).toBe(TEAM_MESSAGES.roleForbidden);
    const byStranger = await scan(t, stranger.cookie, eventNumber, {
      code: holders[1]!.ticket.code,
    });
    expect(byStranger.status).toBe(403);
    expect((await byStranger.json()).message).toBe(NOT_YOUR_EVENT);
    // Refused before the body is read: 403 whatever it holds.
    expect((await scan(t, judge.cookie, eventNumber, { nonce: 5 })).status).toBe(403);
    expect((await checkInRows(t, eventNumber)).length).toBe(2);
  });

  it("an organisation's owner and admins scan at its events; its followers do not", async () => {
    const { eventNumber, holders } = await eventWithTickets(t, owner.user.id, 2);
    const orgOwner = await createUserWithSession(t.deps, { firstName: "Org owner" });
    const orgAdmin = await createUserWithSession(t.deps, { firstName: "Org admin" });
    const follower = await createUserWithSession(t.deps, { firstName: "Follower" });
    const now = new Date().toISOString();
    const org = await t.db
      .insertInto("organisations")
      .values({
        handle: `gate-${engine}-${Date.now()}`,
        name: "Gate Club",
        college: "IIT Madras",
        city: "Chennai",
        ownerId: orgOwner.user.id,
        createdAt: now,
        updatedAt: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto("orgAdmins")
      .values({ orgId: org.id, userId: orgAdmin.user.id, addedAt: now })
      .execute();
    await t.db
      .insertInto("orgFollows")
      .values({ orgId: org.id, userId: follower.user.id, createdAt: now })
      .execute();
    await t.db
      .updateTable("events")
      .set({ orgId: org.id })
      .where("eventNumber", "=", eventNumber)
      .execute();
    const code = (i: number) => ({ code: holders[i]!.ticket.code });
    expect((await scan(t, orgOwner.cookie, eventNumber, code(0))).status).toBe(200);
    expect((await scan(t, orgAdmin.cookie, eventNumber, code(1))).status).toBe(200);
    expect((await scan(t, follower.cookie, eventNumber, code(1))).status).toBe(403);
  });

  it("signed out or an ended session 401; an unknown or unreadable event 404; a draft 404 to a volunteer", async () => {
    const { eventNumber, holders } = await eventWithTickets(t, owner.user.id, 1);
    const volunteer = await onTeam(eventNumber, "volunteer");
    const code = { code: holders[0]!.ticket.code };
    expect((await scan(t, "", eventNumber, code)).status).toBe(401);
    const ended = await createUserWithSession(t.deps, { firstName: "Ended" });
    await t.db
      .updateTable("sessions")
      .set({ expiresAt: "2000-01-01T00:00:00.000Z" })
      .where("userId", "=", ended.user.id)
      .execute();
    expect((await scan(t, ended.cookie, eventNumber, code)).status).toBe(401);
    for (const unknown of ["99997", "not-a-number"]) {
      const res = await scan(t, owner.cookie, unknown, code);
      expect(res.status).toBe(404);
      expect((await res.json()).message).toBe("Event not found");
    }
    await t.db
      .updateTable("events")
      .set({ status: "draft" })
      .where("eventNumber", "=", eventNumber)
      .execute();
    expect((await scan(t, volunteer.cookie, eventNumber, code)).status).toBe(404);
    expect(await checkInRows(t, eventNumber)).toEqual([]);
  });
});
