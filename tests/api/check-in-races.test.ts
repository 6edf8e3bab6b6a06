import { describe, expect, it } from "vitest";
import type { ScanResult } from "#server/contracts/check-in";
import { engines, type TestApi, withOrganiser } from "#tests/helpers/api";
import { checkInRows, eventWithTickets, nonce, scan } from "#tests/helpers/check-in";
import { as } from "#tests/helpers/registration";
import { createUserWithSession } from "#tests/helpers/users";

/**
 * SPEC-3 §5: one check-in per person and event whatever the number of devices scanning at once
 * or syncing later; the earliest scan wins. On PostgreSQL the requests run at once over the pool.
 */
describe.each(engines)("check-in races and offline sync on %s", (engine) => {
  let t: TestApi;
  let org: { user: { id: string }; cookie: string };

  withOrganiser(engine, (api) => {
    ({ t, org } = api);
  });

  const at = (minute: number) => new Date(Date.UTC(2026, 10, 21, 4, minute)).toISOString();
  const sync = (eventNumber: string, scans: { code: string; scannedAt: string; nonce: string }[]) =>
    as(t, org.cookie).post(`/event/${eventNumber}/check-in/sync`, { scans });

  it("20 scanners at once on one ticket: exactly one check-in, 19 'Already checked in'", async () => {
    const { eventNumber, holders } = await eventWithTickets(t, org.user.id, 1);
    const res = await Promise.all(
      Array.from({ length: 20 }, () =>
        scan(t, org.cookie, eventNumber, { code: holders[0].ticket.code }),
      ),
    );
    const statuses = res.map((r) => r.status).sort();
    expect(statuses).toEqual([200, ...Array(19).fill(409)]);
    const refusals = await Promise.all(res.filter((r) => r.status === 409).map((r) => r.json()));
    for (const r of refusals) expect(r.message).toBe("Already checked in at 12:00 by Organiser");
    expect(await checkInRows(t, eventNumber)).toHaveLength(1);
  });

  it("online, the first check-in to commit stands even when a process's clock put the next one earlier", async () => {
    // Two processes answer two scans at once; the second to commit read a clock a little behind.
    const { eventNumber, holders } = await eventWithTickets(t, org.user.id, 1);
    const before = t.clock.now().toISOString();
    t.clock.advance(1500);
    const first = await scan(t, org.cookie, eventNumber, { code: holders[0].ticket.code });
    t.clock.set(before);
    const second = await scan(t, org.cookie, eventNumber, { code: holders[0].ticket.code });
    expect([first.status, second.status]).toEqual([200, 409]);
    const rows = await checkInRows(t, eventNumber);
    expect(rows.map((r) => r.checkedInAt)).toEqual([(await first.json()).checkedInAt]);
  });

  it("one nonce sent 10 times at once: one check-in, the same answer 10 times", async () => {
    const { eventNumber, holders } = await eventWithTickets(t, org.user.id, 1);
    const n = nonce();
    const res = await Promise.all(
      Array.from({ length: 10 }, () =>
        scan(t, org.cookie, eventNumber, { code: holders[0].ticket.code, nonce: n }),
      ),
    );
    expect(res.map((r) => r.status)).toEqual(Array(10).fill(200));
    const bodies = await Promise.all(res.map((r) => r.json()));
    for (const b of bodies) expect(b).toEqual(bodies[0]);
    expect(await checkInRows(t, eventNumber)).toHaveLength(1);
  });

  it("a sync takes its scans in scannedAt order and answers one result per scan, in the order sent", async () => {
    const { eventNumber, holders } = await eventWithTickets(t, org.user.id, 2);
    const other = await eventWithTickets(t, org.user.id, 1);
    const [a, b] = holders;
    await as(t, a.cookie).post(`/event/${eventNumber}/unregister`);
    const scans = [
      { code: b.ticket.code, scannedAt: at(20), nonce: "s1" },
      { code: b.ticket.code, scannedAt: at(10), nonce: "s2" },
      { code: a.ticket.code, scannedAt: at(11), nonce: "s3" },
      { code: "garbage", scannedAt: at(12), nonce: "s4" },
      { code: other.holders[0].ticket.code, scannedAt: at(13), nonce: "s5" },
    ];
    const res = await sync(eventNumber, scans);
    expect(res.status).toBe(200);
    const { results } = (await res.json()) as { results: ScanResult[] };
    expect(results.map((r) => [r.nonce, r.status])).toEqual([
      ["s1", "already"],
      ["s2", "checked-in"],
      ["s3", "cancelled"],
      ["s4", "invalid"],
      ["s5", "wrong-event"],
    ]);
    expect(results[0]).toMatchObject({ checkedInAt: at(10), by: "Organiser" });
    expect(results[1].person?.memberId).toBe(b.user.id);
    expect(await checkInRows(t, eventNumber)).toEqual([
      { userId: b.user.id, checkedInAt: at(10), byUserId: org.user.id },
    ]);
  });

  it("the earliest scan wins even when it arrives later: its time and scanner replace the first", async () => {
    const { eventNumber, holders } = await eventWithTickets(t, org.user.id, 1);
    const volunteer = await createUserWithSession(t.deps, { firstName: "Vidya" });
    const code = holders[0].ticket.code;
    // Until the team's roles land only the owner may scan: the second device is the owner's too,
    // and `by` is told apart by writing the first scan as the volunteer's.
    const first = await sync(eventNumber, [{ code, scannedAt: at(30), nonce: "late" }]);
    expect((await first.json()).results[0].status).toBe("checked-in");
    await t.db.updateTable("checkIns").set({ byUserId: volunteer.user.id }).execute();
    const earlier = await sync(eventNumber, [{ code, scannedAt: at(5), nonce: "early" }]);
    const [result] = (await earlier.json()).results as ScanResult[];
    expect(result).toMatchObject({ status: "checked-in", checkedInAt: at(5), by: "Organiser" });
    const later = await sync(eventNumber, [{ code, scannedAt: at(6), nonce: "later" }]);
    expect((await later.json()).results[0]).toMatchObject({
      status: "already",
      checkedInAt: at(5),
    });
    expect(await checkInRows(t, eventNumber)).toEqual([
      { userId: holders[0].user.id, checkedInAt: at(5), byUserId: org.user.id },
    ]);
    // A nonce already used (the first device sending again) returns its first answer.
    const replay = await sync(eventNumber, [{ code, scannedAt: at(30), nonce: "late" }]);
    expect((await replay.json()).results[0]).toMatchObject({
      status: "checked-in",
      checkedInAt: at(30),
    });
    expect((await checkInRows(t, eventNumber))[0].checkedInAt).toBe(at(5));
  });

  it("4 devices syncing 30 people's scans at once, in shuffled orders: one check-in each, the earliest kept", async () => {
    const { eventNumber, holders } = await eventWithTickets(t, org.user.id, 30);
    const devices = [0, 1, 2, 3].map((d) =>
      holders
        .map((h, i) => ({
          code: h.ticket.code,
          scannedAt: at(((i * 7 + d * 13) % 50) + 1),
          nonce: `d${d}-${i}`,
        }))
        .sort(() => Math.random() - 0.5),
    );
    const res = await Promise.all(devices.map((scans) => sync(eventNumber, scans)));
    expect(res.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    const results = (await Promise.all(res.map((r) => r.json()))).flatMap((b) => b.results);
    const rows = await checkInRows(t, eventNumber);
    expect(rows).toHaveLength(30);
    holders.forEach((h, i) => {
      const earliest = Math.min(...[0, 1, 2, 3].map((d) => ((i * 7 + d * 13) % 50) + 1));
      expect(rows.find((r) => r.userId === h.user.id)?.checkedInAt).toBe(at(earliest));
    });
    // Every earliest scan answered "checked-in"; nothing else but "checked-in" or "already".
    expect(results.every((r) => r.status === "checked-in" || r.status === "already")).toBe(true);
  });

  it("online and offline at once on one person: one check-in; more than 500 scans is a 400", async () => {
    const { eventNumber, holders } = await eventWithTickets(t, org.user.id, 1);
    const code = holders[0].ticket.code;
    const res = await Promise.all([
      ...Array.from({ length: 5 }, () => scan(t, org.cookie, eventNumber, { code })),
      ...Array.from({ length: 5 }, (_, i) =>
        sync(eventNumber, [{ code, scannedAt: at(40 + i), nonce: nonce() }]),
      ),
    ]);
    expect(res.every((r) => r.status === 200 || r.status === 409)).toBe(true);
    expect(await checkInRows(t, eventNumber)).toEqual([
      expect.objectContaining({ checkedInAt: at(40) }),
    ]);
    const many = Array.from({ length: 501 }, (_, i) => ({
      code,
      scannedAt: at(1),
      nonce: `m${i}`,
    }));
    const tooMany = await sync(eventNumber, many);
    expect([tooMany.status, (await tooMany.json()).message]).toEqual([
      400,
      "At most 500 scans at a time",
    ]);
  });
});
