import { describe, expect, it } from "vitest";
import { CHECK_IN_MESSAGES as M, type ScanResult } from "#server/contracts/check-in";
import { engines, type TestApi, withOrganiser } from "#tests/helpers/api";
import { checkInRows, eventWithTickets, nonce, scan } from "#tests/helpers/check-in";
import { as } from "#tests/helpers/registration";

/** 'ELPT 33PK' read aloud: 'elpt 33pk', 'ELPT-33PK' (SPEC-3 §5's short code, issue 45). */
const spoken = (code: string) => [
  `${code.slice(0, 4)} ${code.slice(4)}`.toLowerCase(),
  `${code.slice(0, 4)}-${code.slice(4)}`,
  ` ${code.slice(0, 2)} ${code.slice(2, 5)}\u2013${code.slice(5)} `,
];

/**
 * Issue 45: short codes typed as read aloud; an honest message for a code no ticket has; what a
 * device needs to check in by short code or from its list with no network, synced exactly once.
 */
describe.each(engines)("typed codes and offline check-in by short code on %s", (engine) => {
  let t: TestApi;
  let org: { user: { id: string }; cookie: string };

  withOrganiser(engine, (api) => {
    ({ t, org } = api);
  });

  const at = (minute: number) => new Date(Date.UTC(2026, 10, 21, 4, minute)).toISOString();
  const sync = (eventNumber: string, scans: Record<string, unknown>[]) =>
    as(t, org.cookie).post(`/event/${eventNumber}/check-in/sync`, { scans });

  it("a short code with spaces, hyphens or in any case checks in, sent as shortCode or as code", async () => {
    const { eventNumber, holders } = await eventWithTickets(t, org.user.id, 3);
    const [a, b, c] = holders.map((h) => h.ticket.shortCode);
    const first = await scan(t, org.cookie, eventNumber, { shortCode: spoken(a)[0] });
    expect([first.status, (await first.json()).person.memberId]).toEqual([200, holders[0].user.id]);
    const second = await scan(t, org.cookie, eventNumber, { shortCode: spoken(b)[1] });
    expect(second.status).toBe(200);
    const third = await scan(t, org.cookie, eventNumber, { code: spoken(c)[2] });
    expect(third.status).toBe(200);
    const again = await scan(t, org.cookie, eventNumber, { shortCode: spoken(a)[2] });
    expect([again.status, (await again.json()).message]).toEqual([
      409,
      "Already checked in at 12:00 by Organiser",
    ]);
    expect(await checkInRows(t, eventNumber)).toHaveLength(3);
  });

  it("a made-up short code: 404 'No ticket has this code'; another event's: 'Not a ticket for this event'", async () => {
    const { eventNumber, holders } = await eventWithTickets(t, org.user.id, 1);
    const other = await eventWithTickets(t, org.user.id, 1);
    const mine = holders[0].ticket.shortCode;
    // A code of the alphabet that is neither this event's ticket nor the other's.
    const madeUp = [..."ABCDEFGH"].map((ch, i) => (mine[i] === ch ? "Z" : ch)).join("");
    const cases: [Record<string, unknown>, number, string][] = [
      [{ shortCode: madeUp }, 404, M.noSuchCode],
      [{ shortCode: spoken(madeUp)[1] }, 404, M.noSuchCode],
      [{ code: spoken(madeUp)[0] }, 404, M.noSuchCode],
      [{ shortCode: spoken(other.holders[0].ticket.shortCode)[0] }, 404, M.notThisEvent],
      [{ code: other.holders[0].ticket.code }, 404, M.notThisEvent],
      [{ shortCode: "ELPT 33P" }, 400, M.invalid],
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

  it("the list finds a short code typed with a space", async () => {
    const { eventNumber, holders } = await eventWithTickets(t, org.user.id, 2);
    const q = encodeURIComponent(spoken(holders[1].ticket.shortCode)[0]);
    const list = await (
      await as(t, org.cookie).get(`/event/${eventNumber}/check-in?q=${q}`)
    ).json();
    expect(list.people.map((p: { memberId: string }) => p.memberId)).toEqual([holders[1].user.id]);
  });

  it("the device's list holds each live ticket's short code (none for a person with no ticket yet)", async () => {
    const { eventNumber, holders } = await eventWithTickets(t, org.user.id, 2);
    await t.db.deleteFrom("tickets").where("userId", "=", holders[1].user.id).execute();
    const kept = await (
      await as(t, org.cookie).get(`/event/${eventNumber}/check-in/offline`)
    ).json();
    const codes = Object.fromEntries(
      kept.people.map((p: { memberId: string; shortCode: string | null }) => [
        p.memberId,
        p.shortCode,
      ]),
    );
    expect(codes).toEqual({
      [holders[0].user.id]: holders[0].ticket.shortCode,
      [holders[1].user.id]: null,
    });
    expect(JSON.stringify(kept)).not.toMatch(/@|phone/i);
  });

  it("a sync takes typed short codes and people picked from the list; a replay writes nothing", async () => {
    const { eventNumber, holders } = await eventWithTickets(t, org.user.id, 3);
    const [a, b, c] = holders;
    const scans = [
      { shortCode: spoken(a.ticket.shortCode)[0], scannedAt: at(10), nonce: "k1" },
      { memberId: b.user.id, scannedAt: at(11), nonce: "k2" },
      { shortCode: a.ticket.shortCode, scannedAt: at(12), nonce: "k3" },
      { shortCode: "ZZZZZZZZ", scannedAt: at(13), nonce: "k4" },
      { memberId: "nobody", scannedAt: at(14), nonce: "k5" },
    ];
    const res = await sync(eventNumber, scans);
    expect(res.status).toBe(200);
    const { results } = (await res.json()) as { results: ScanResult[] };
    expect(results.map((r) => [r.nonce, r.status])).toEqual([
      ["k1", "checked-in"],
      ["k2", "checked-in"],
      ["k3", "already"],
      ["k4", "invalid"],
      ["k5", "wrong-event"],
    ]);
    const replay = await sync(eventNumber, scans);
    expect(((await replay.json()).results as ScanResult[]).map((r) => r.status)).toEqual(
      results.map((r) => r.status),
    );
    expect((await checkInRows(t, eventNumber)).map((r) => [r.userId, r.checkedInAt])).toEqual(
      [
        [a.user.id, at(10)],
        [b.user.id, at(11)],
      ].sort(([x], [y]) => x.localeCompare(y)),
    );
    expect(c.user.id).not.toBe(a.user.id);
    const empty = await sync(eventNumber, [{ scannedAt: at(1), nonce: nonce() }]);
    expect([empty.status, (await empty.json()).message]).toEqual([400, M.invalid]);
  });

  it("3 devices sync the same person at once, by QR, short code and list: one check-in, the earliest", async () => {
    const { eventNumber, holders } = await eventWithTickets(t, org.user.id, 1);
    const [h] = holders;
    const res = await Promise.all([
      sync(eventNumber, [{ code: h.ticket.code, scannedAt: at(22), nonce: nonce() }]),
      sync(eventNumber, [{ shortCode: h.ticket.shortCode, scannedAt: at(21), nonce: nonce() }]),
      sync(eventNumber, [{ memberId: h.user.id, scannedAt: at(23), nonce: nonce() }]),
      scan(t, org.cookie, eventNumber, { shortCode: spoken(h.ticket.shortCode)[1] }),
    ]);
    expect(res.map((r) => r.status).slice(0, 3)).toEqual([200, 200, 200]);
    expect([200, 409]).toContain(res[3].status);
    expect(await checkInRows(t, eventNumber)).toEqual([
      expect.objectContaining({ userId: h.user.id, checkedInAt: at(21) }),
    ]);
  });
});
