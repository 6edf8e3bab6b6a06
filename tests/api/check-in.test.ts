import { createPublicKey, verify } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  CHECK_IN_MESSAGES as M,
  fromBase64Url,
  readTicketCode,
  toBase64Url,
} from "#server/contracts/check-in";
import { JOIN_CODE_ALPHABET } from "#server/contracts/registration-fields";
import { createTestApi, engines, type TestApi } from "#tests/helpers/api";
import { checkInRows, eventWithTickets, nonce, scan } from "#tests/helpers/check-in";
import { as, DETAILS, people, publishedEvent, teamEvent } from "#tests/helpers/registration";
import { createUserWithSession } from "#tests/helpers/users";

/** SPEC-3 §5: tickets, online check-in, undo, the list and what a device keeps offline. */
describe.each(engines)("tickets and check-in on %s", (engine) => {
  let t: TestApi;
  let org: { user: { id: string }; cookie: string };
  let stranger: { cookie: string };

  beforeAll(async () => {
    t = await createTestApi(engine);
    org = await createUserWithSession(t.deps, { firstName: "Organiser" });
    stranger = await createUserWithSession(t.deps, { firstName: "Stranger" });
  });
  afterAll(() => t.close());

  it("a registered person's ticket: a signed code, a short code, the same on every read", async () => {
    const { eventNumber, holders } = await eventWithTickets(t, org.user.id, 1);
    const [h] = holders;
    expect(h.ticket).toEqual({
      code: expect.any(String),
      shortCode: expect.stringMatching(new RegExp(`^[${JOIN_CODE_ALPHABET}]{8}$`)),
      name: "T0 Rao",
      teamName: null,
      eventName: "Code Sprint",
      eventNumber,
      checkedInAt: null,
    });
    const parts = readTicketCode(h.ticket.code);
    expect(parts).toMatchObject({ eventNumber, userId: h.user.id });
    const again = await (await as(t, h.cookie).get(`/event/${eventNumber}/ticket`)).json();
    expect(again).toEqual(h.ticket);
  });

  it("a code is verified with the event's public key alone, and with no other", async () => {
    const { eventNumber, holders } = await eventWithTickets(t, org.user.id, 1);
    const other = await eventWithTickets(t, org.user.id, 0);
    const keyOf = async (n: string) =>
      (await (await as(t, org.cookie).get(`/event/${n}/check-in/offline`)).json()).publicKey;
    const raw = fromBase64Url(await keyOf(eventNumber));
    expect(raw).toHaveLength(32);
    const verifies = (publicKey: string) => {
      const key = createPublicKey({
        key: { kty: "OKP", crv: "Ed25519", x: publicKey },
        format: "jwk",
      });
      const [payload, signature] = holders[0].ticket.code.split(".");
      return verify(null, fromBase64Url(payload)!, key, fromBase64Url(signature)!);
    };
    expect(verifies(await keyOf(eventNumber))).toBe(true);
    expect(verifies(await keyOf(other.eventNumber))).toBe(false);
  });

  it("no ticket: 404 'You have no ticket for this event'; signed out 401; unknown event 404", async () => {
    const n = await publishedEvent(t, org.user.id);
    const res = await as(t, stranger.cookie).get(`/event/${n}/ticket`);
    expect(res.status).toBe(404);
    expect((await res.json()).message).toBe(M.noTicket);
    expect((await t.request(`/event/${n}/ticket`)).status).toBe(401);
    expect((await as(t, stranger.cookie).get("/event/99999/ticket")).status).toBe(404);
  });

  it("permission first: anyone but the organiser gets 403 on every check-in call, whatever the body", async () => {
    const { eventNumber, holders } = await eventWithTickets(t, org.user.id, 1);
    const calls = [
      as(t, holders[0].cookie).get(`/event/${eventNumber}/check-in`),
      as(t, holders[0].cookie).get(`/event/${eventNumber}/check-in/offline`),
      as(t, stranger.cookie).post(`/event/${eventNumber}/check-in`, { nonce: "" }),
      as(t, stranger.cookie).post(`/event/${eventNumber}/check-in/undo`, {}),
      as(t, stranger.cookie).post(`/event/${eventNumber}/check-in/sync`, { scans: "x" }),
    ];
    for (const res of await Promise.all(calls)) expect(res.status).toBe(403);
    expect((await t.request(`/event/${eventNumber}/check-in`)).status).toBe(401);
    expect((await as(t, org.cookie).get("/event/99998/check-in")).status).toBe(404);
  });

  it("checks in by code: 200 with the person; again 409 'Already checked in at {HH:mm} by {firstName}'", async () => {
    const { eventNumber, holders } = await eventWithTickets(t, org.user.id, 1);
    const [h] = holders;
    const res = await scan(t, org.cookie, eventNumber, { code: h.ticket.code });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toEqual({
      person: {
        memberId: h.user.id,
        firstName: "T0",
        lastName: "Rao",
        collegeName: "IIT Delhi",
        teamName: null,
        checkedInAt: "2026-11-21T06:30:00.000Z",
        by: "Organiser",
      },
      checkedInAt: "2026-11-21T06:30:00.000Z",
      by: "Organiser",
    });
    expect(JSON.stringify(body)).not.toMatch(/phone|email|9876543210/);
    t.clock.advance(60_000);
    const again = await scan(t, org.cookie, eventNumber, { code: h.ticket.code });
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({
      message: "Already checked in at 12:00 by Organiser",
      person: body.person,
      checkedInAt: body.checkedInAt,
      by: "Organiser",
    });
    const ticket = await (await as(t, h.cookie).get(`/event/${eventNumber}/ticket`)).json();
    expect(ticket.checkedInAt).toBe("2026-11-21T06:30:00.000Z");
    t.clock.set("2026-11-21T06:30:00.000Z");
  });

  it("the same nonce again returns the first answer and writes nothing", async () => {
    const { eventNumber, holders } = await eventWithTickets(t, org.user.id, 2);
    const n1 = nonce();
    const first = await scan(t, org.cookie, eventNumber, {
      code: holders[0].ticket.code,
      nonce: n1,
    });
    await as(t, org.cookie).post(`/event/${eventNumber}/check-in/undo`, {
      memberId: holders[0].user.id,
    });
    // The retry names someone else: still the first answer, and nobody is checked in.
    const retry = await scan(t, org.cookie, eventNumber, {
      code: holders[1].ticket.code,
      nonce: n1,
    });
    expect(retry.status).toBe(200);
    expect(await retry.json()).toEqual(await first.json());
    expect(await checkInRows(t, eventNumber)).toEqual([]);
    const refused = await scan(t, org.cookie, eventNumber, { code: "nope", nonce: "n-bad" });
    expect(refused.status).toBe(400);
    const refusedAgain = await scan(t, org.cookie, eventNumber, {
      code: holders[1].ticket.code,
      nonce: "n-bad",
    });
    expect(refusedAgain.status).toBe(400);
    expect(await checkInRows(t, eventNumber)).toEqual([]);
  });

  it("refuses a bad signature, anything unreadable, another event's ticket and an unknown short code", async () => {
    const { eventNumber, holders } = await eventWithTickets(t, org.user.id, 1);
    const other = await eventWithTickets(t, org.user.id, 1);
    const [payload, signature] = holders[0].ticket.code.split(".");
    const flipped = fromBase64Url(signature)!;
    flipped[0] ^= 1;
    const forged = `${toBase64Url(new TextEncoder().encode(new TextDecoder().decode(fromBase64Url(payload)!).replace(/:[^:]+$/, ":forged")))}.${signature}`;
    const cases: [Record<string, unknown>, number, string][] = [
      [{ code: `${payload}.${toBase64Url(flipped)}` }, 400, M.invalid],
      [{ code: forged }, 400, M.invalid],
      [{ code: "not a ticket" }, 400, M.invalid],
      [{ code: `${payload}.${signature}.x` }, 400, M.invalid],
      [{ code: other.holders[0].ticket.code }, 404, M.notThisEvent],
      [{ shortCode: other.holders[0].ticket.shortCode }, 404, M.notThisEvent],
      [{ shortCode: "abc" }, 400, M.invalid],
      [{ memberId: other.holders[0].user.id }, 404, M.notThisEvent],
      [{}, 400, M.invalid],
    ];
    for (const [body, status, message] of cases) {
      const res = await scan(t, org.cookie, eventNumber, body);
      expect([res.status, (await res.json()).message], JSON.stringify(body)).toEqual([
        status,
        message,
      ]);
    }
    expect(await checkInRows(t, eventNumber)).toEqual([]);
  });

  it("checks in by short code (any case) and by member id", async () => {
    const { eventNumber, holders } = await eventWithTickets(t, org.user.id, 2);
    const byShort = await scan(t, org.cookie, eventNumber, {
      shortCode: holders[0].ticket.shortCode.toLowerCase(),
    });
    expect(byShort.status).toBe(200);
    const byMember = await scan(t, org.cookie, eventNumber, { memberId: holders[1].user.id });
    expect(byMember.status).toBe(200);
    expect((await checkInRows(t, eventNumber)).map((r) => r.userId).sort()).toEqual(
      holders.map((h) => h.user.id).sort(),
    );
  });

  it("leaving cancels the ticket: its codes are refused; registering again gives a new ticket", async () => {
    const { eventNumber, holders } = await eventWithTickets(t, org.user.id, 1);
    const [h] = holders;
    expect((await as(t, h.cookie).post(`/event/${eventNumber}/unregister`)).status).toBe(200);
    const gone = await as(t, h.cookie).get(`/event/${eventNumber}/ticket`);
    expect([gone.status, (await gone.json()).message]).toEqual([404, M.noTicket]);
    await as(t, h.cookie).post(`/event/${eventNumber}/register`, DETAILS);
    const fresh = await (await as(t, h.cookie).get(`/event/${eventNumber}/ticket`)).json();
    expect(readTicketCode(fresh.code)?.ticketId).not.toBe(readTicketCode(h.ticket.code)?.ticketId);
    expect(fresh.shortCode).not.toBe(h.ticket.shortCode);
    for (const body of [{ code: h.ticket.code }, { shortCode: h.ticket.shortCode }]) {
      const res = await scan(t, org.cookie, eventNumber, body);
      expect([res.status, (await res.json()).message]).toEqual([409, M.cancelled]);
    }
    const offline = await (
      await as(t, org.cookie).get(`/event/${eventNumber}/check-in/offline`)
    ).json();
    expect(offline.cancelled).toEqual([readTicketCode(h.ticket.code)?.ticketId]);
    expect((await scan(t, org.cookie, eventNumber, { code: fresh.code })).status).toBe(200);
  });

  it("a team member's ticket names the team; removed from it, their code is cancelled", async () => {
    const n = await publishedEvent(t, org.user.id, teamEvent(2, 3));
    const [leader, member] = await people(t, 2, "M");
    const team = await (
      await as(t, leader.cookie).post(`/event/${n}/register`, { ...DETAILS, teamName: "Owls" })
    ).json();
    await as(t, member.cookie).post(`/event/${n}/team/join`, { ...DETAILS, code: team.team.code });
    const ticket = await (await as(t, member.cookie).get(`/event/${n}/ticket`)).json();
    expect(ticket.teamName).toBe("Owls");
    await as(t, leader.cookie).post(`/event/${n}/team/remove`, { userId: member.user.id });
    const res = await scan(t, org.cookie, n, { code: ticket.code });
    expect([res.status, (await res.json()).message]).toEqual([409, M.cancelled]);
  });

  it("the answer of a check-in shows the person as the list does (a team's member, by short code and by code)", async () => {
    const n = await publishedEvent(t, org.user.id, teamEvent(2, 3));
    const [leader, member] = await people(t, 2, "W");
    const team = await (
      await as(t, leader.cookie).post(`/event/${n}/register`, { ...DETAILS, teamName: "Larks" })
    ).json();
    await as(t, member.cookie).post(`/event/${n}/team/join`, { ...DETAILS, code: team.team.code });
    const ticketOf = async (cookie: string) =>
      (await as(t, cookie).get(`/event/${n}/ticket`)).json();
    const [byShort, byCode] = [
      await scan(t, org.cookie, n, { shortCode: (await ticketOf(member.cookie)).shortCode }),
      await scan(t, org.cookie, n, { code: (await ticketOf(leader.cookie)).code }),
    ];
    expect([byShort.status, byCode.status]).toEqual([200, 200]);
    const { people: list } = await (await as(t, org.cookie).get(`/event/${n}/check-in`)).json();
    const listed = (id: string) => list.find((p: { memberId: string }) => p.memberId === id);
    expect((await byShort.json()).person).toEqual(listed(member.user.id));
    expect((await byCode.json()).person).toEqual(listed(leader.user.id));
    expect(listed(member.user.id)).toMatchObject({ teamName: "Larks", by: "Organiser" });
  });

  it("undo: the person is no longer checked in and can be checked in again", async () => {
    const { eventNumber, holders } = await eventWithTickets(t, org.user.id, 1);
    const [h] = holders;
    await scan(t, org.cookie, eventNumber, { code: h.ticket.code });
    const undo = await as(t, org.cookie).post(`/event/${eventNumber}/check-in/undo`, {
      memberId: h.user.id,
    });
    expect(undo.status).toBe(200);
    expect((await undo.json()).person.checkedInAt).toBeNull();
    expect(await checkInRows(t, eventNumber)).toEqual([]);
    expect((await scan(t, org.cookie, eventNumber, { code: h.ticket.code })).status).toBe(200);
    const unknown = await as(t, org.cookie).post(`/event/${eventNumber}/check-in/undo`, {
      memberId: "nobody",
    });
    expect(unknown.status).toBe(404);
  });

  it("the list: counts, the first 50 matches by name or short code, never a phone or an e-mail", async () => {
    const { eventNumber, holders } = await eventWithTickets(t, org.user.id, 3);
    await scan(t, org.cookie, eventNumber, { memberId: holders[1].user.id });
    const list = async (q: string) =>
      (
        await as(t, org.cookie).get(`/event/${eventNumber}/check-in?q=${encodeURIComponent(q)}`)
      ).json();
    const all = await list("");
    expect(all.total).toBe(3);
    expect(all.checkedIn).toBe(1);
    expect(all.people.map((p: { firstName: string }) => p.firstName)).toEqual(["T0", "T1", "T2"]);
    expect(Object.keys(all.people[0]).sort()).toEqual(
      ["by", "checkedInAt", "collegeName", "firstName", "lastName", "memberId", "teamName"].sort(),
    );
    expect((await list("t2 rao")).people.map((p: { memberId: string }) => p.memberId)).toEqual([
      holders[2].user.id,
    ]);
    expect((await list(holders[0].ticket.shortCode.toLowerCase())).people).toHaveLength(1);
    expect((await list("%")).people).toEqual([]);
    // PostgreSQL refuses a NUL in text: the control characters go, the rest still searches.
    expect((await list("t2\u0000 rao")).people).toHaveLength(1);
    const big = await eventWithTickets(t, org.user.id, 55);
    const bigList = await (
      await as(t, org.cookie).get(`/event/${big.eventNumber}/check-in`)
    ).json();
    expect([bigList.total, bigList.people.length]).toEqual([55, 50]);
  });

  it("insights gain 'Checked in': the count, and per India hour", async () => {
    const { eventNumber, holders } = await eventWithTickets(t, org.user.id, 3);
    const insights = async () =>
      (await (await as(t, org.cookie).get(`/event/${eventNumber}/insights`)).json()).checkedIn;
    expect(await insights()).toEqual({ total: 0, hourly: [] });
    const at = (iso: string) => ({ code: "", scannedAt: iso, nonce: nonce() });
    const scans = [
      { ...at("2026-11-21T04:29:00.000Z"), code: holders[0].ticket.code }, // 09:59 IST
      { ...at("2026-11-21T04:31:00.000Z"), code: holders[1].ticket.code }, // 10:01 IST
      { ...at("2026-11-21T05:20:00.000Z"), code: holders[2].ticket.code }, // 10:50 IST
    ];
    await as(t, org.cookie).post(`/event/${eventNumber}/check-in/sync`, { scans });
    expect(await insights()).toEqual({
      total: 3,
      hourly: [
        { hour: "2026-11-21T09:00+05:30", count: 1 },
        { hour: "2026-11-21T10:00+05:30", count: 2 },
      ],
    });
  });
});
