import { sql } from "kysely";
import { describe, expect, it, vi } from "vitest";
import { REGISTRATION_MESSAGES as M } from "#server/contracts/registration";
import { engines, type TestApi, withOrganiser } from "#tests/helpers/api";
import { as, DETAILS, people, publishedEvent, teamEvent } from "#tests/helpers/registration";

// Join codes draw 6 random bytes; a test can make the next draws all zero (code "AAAAAA"…).
let zeroCodes = 0;
vi.mock("node:crypto", async (original) => {
  const real = await original<typeof import("node:crypto")>();
  const randomBytes = ((size: number, ...rest: never[]) =>
    size === 6 && zeroCodes > 0 && zeroCodes--
      ? Buffer.alloc(6)
      : (real.randomBytes as (...a: unknown[]) => Buffer)(
          size,
          ...rest,
        )) as typeof real.randomBytes;
  return { ...real, default: { ...real, randomBytes }, randomBytes };
});

/**
 * What one registration writes, all or nothing (SPEC-2 §1): the registration, its member, the
 * confirmation mail, the end of the person's teammate listing, and the count. On PostgreSQL these
 * are one statement; on SQLite one transaction.
 */
describe.each(engines)("registration writes on %s", (engine) => {
  let t: TestApi;
  let org: { user: { id: string } };

  withOrganiser(engine, (api) => {
    ({ t, org } = api);
  });

  /** Every row a registration writes, for one person and event. */
  async function written(eventNumber: string, user: { id: string; email: string }) {
    const event = await t.db
      .selectFrom("events")
      .select(["id", "registrationCount"])
      .where("eventNumber", "=", eventNumber)
      .executeTakeFirstOrThrow();
    const count = (q: Promise<{ n: number | string | bigint }>) => q.then((r) => Number(r.n));
    return {
      registrationCount: event.registrationCount,
      registrations: await count(
        t.db
          .selectFrom("registrations")
          .select((eb) => eb.fn.countAll().as("n"))
          .where("eventId", "=", event.id)
          .where("leaderId", "=", user.id)
          .executeTakeFirstOrThrow(),
      ),
      members: await count(
        t.db
          .selectFrom("registrationMembers")
          .select((eb) => eb.fn.countAll().as("n"))
          .where("eventId", "=", event.id)
          .where("userId", "=", user.id)
          .executeTakeFirstOrThrow(),
      ),
      mails: await count(
        t.db
          .selectFrom("mailOutbox")
          .select((eb) => eb.fn.countAll().as("n"))
          .where("to", "=", user.email)
          .executeTakeFirstOrThrow(),
      ),
      listings: await count(
        t.db
          .selectFrom("teammateListings")
          .select((eb) => eb.fn.countAll().as("n"))
          .where("eventId", "=", event.id)
          .where("userId", "=", user.id)
          .executeTakeFirstOrThrow(),
      ),
    };
  }

  async function listing(eventNumber: string, userId: string) {
    const { id } = await t.db
      .selectFrom("events")
      .select("id")
      .where("eventNumber", "=", eventNumber)
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto("teammateListings")
      .values({ eventId: id, userId, registrationId: null, pitch: "Backend", postedAt: "x" })
      .execute();
  }

  it("a registration writes its row, member, mail and count, and ends the person's listing", async () => {
    const n = await publishedEvent(t, org.user.id, teamEvent(2, 4));
    const [p] = await people(t, 1, "W");
    await listing(n, p.user.id);
    const res = await as(t, p.cookie).post(`/event/${n}/register`, {
      ...DETAILS,
      teamName: "Team W",
    });
    expect(res.status).toBe(201);
    expect(await written(n, p.user)).toEqual({
      registrationCount: 1,
      registrations: 1,
      members: 1,
      mails: 1,
      listings: 0,
    });
  });

  it("a full event writes nothing: no registration, member or mail; the listing stays", async () => {
    const n = await publishedEvent(t, org.user.id, { capacity: 1 });
    const [first, late] = await people(t, 2, "F");
    await listing(n, first.user.id);
    await listing(n, late.user.id);
    // At once, so both may pass the early check (the event had room when read): the bump decides.
    const res = await Promise.all([
      as(t, first.cookie).post(`/event/${n}/register`, DETAILS),
      as(t, late.cookie).post(`/event/${n}/register`, DETAILS),
    ]);
    expect(res.map((r) => r.status).sort()).toEqual([201, 409]);
    const [winner, loser] = res[0].status === 201 ? [first, late] : [late, first];
    expect((await res[res[0].status === 201 ? 1 : 0].json()).message).toBe(M.full);
    expect(await written(n, loser.user)).toEqual({
      registrationCount: 1,
      registrations: 0,
      members: 0,
      mails: 0,
      listings: 1,
    });
    expect(await written(n, winner.user)).toMatchObject({ registrations: 1, listings: 0 });
  });

  it("registering again writes nothing more: one registration, member and mail, the count 1", async () => {
    const n = await publishedEvent(t, org.user.id, { capacity: 10 });
    const [p] = await people(t, 1, "A");
    expect((await as(t, p.cookie).post(`/event/${n}/register`, DETAILS)).status).toBe(201);
    await listing(n, p.user.id);
    const again = await as(t, p.cookie).post(`/event/${n}/register`, DETAILS);
    expect(again.status).toBe(409);
    expect((await again.json()).message).toBe(M.already);
    expect(await written(n, p.user)).toEqual({
      registrationCount: 1,
      registrations: 1,
      members: 1,
      mails: 1,
      listings: 1,
    });
  });

  it("a team code already taken in the event is drawn again: both teams, two codes, count 2", async () => {
    const n = await publishedEvent(t, org.user.id, teamEvent(2, 4));
    const [a, b] = await people(t, 2, "C");
    zeroCodes = 1;
    const first = await as(t, a.cookie).post(`/event/${n}/register`, {
      ...DETAILS,
      teamName: "Team A",
    });
    expect((await first.json()).team.code).toBe("AAAAAA");
    zeroCodes = 1;
    const second = await as(t, b.cookie).post(`/event/${n}/register`, {
      ...DETAILS,
      teamName: "Team B",
    });
    expect(zeroCodes).toBe(0);
    expect(second.status).toBe(201);
    expect((await second.json()).team.code).not.toBe("AAAAAA");
    expect(await written(n, b.user)).toMatchObject({ registrationCount: 2, members: 1, mails: 1 });
  });

  it.runIf(engine === "postgres")(
    "waiting on the event row's lock, a registration re-checks room: the last place gone, it writes nothing",
    async () => {
      const n = await publishedEvent(t, org.user.id, { capacity: 3, registrationCount: 2 });
      const [p] = await people(t, 1, "L");
      await listing(n, p.user.id);
      let res: Promise<Response> | undefined;
      await t.db.transaction().execute(async (trx) => {
        // Another registration takes the last place and holds the row: the request reads room
        // (its snapshot predates this commit) and its bump waits for the lock.
        await trx
          .updateTable("events")
          .set({ registrationCount: 3 })
          .where("eventNumber", "=", n)
          .execute();
        res = as(t, p.cookie).post(`/event/${n}/register`, DETAILS);
        for (let i = 0; i < 200; i++) {
          const waiting = await sql<{ n: number }>`
            select count(*)::int as n from pg_stat_activity
            where datname = current_database() and wait_event_type = 'Lock'`.execute(t.db);
          if (waiting.rows[0].n > 0) return;
          await new Promise((r) => setTimeout(r, 10));
        }
        throw new Error("the registration never waited on the event row");
      });
      const answer = await res!;
      expect(answer.status).toBe(409);
      expect((await answer.json()).message).toBe(M.full);
      expect(await written(n, p.user)).toEqual({
        registrationCount: 3,
        registrations: 0,
        members: 0,
        mails: 0,
        listings: 1,
      });
    },
  );

  it.runIf(engine === "postgres")(
    "a unique violation in any of the statement's writes writes nothing (a test-only key on the outbox)",
    async () => {
      const [p] = await people(t, 1, "U");
      const before = await publishedEvent(t, org.user.id);
      expect((await as(t, p.cookie).post(`/event/${before}/register`, DETAILS)).status).toBe(201);
      // A second mail to the same address now breaks a key: the mail is the statement's 4th write.
      await sql`create unique index "test_one_mail_per_address" on "mailOutbox" ("to")`.execute(
        t.db,
      );
      try {
        const n = await publishedEvent(t, org.user.id, { capacity: 5 });
        await listing(n, p.user.id);
        const res = await as(t, p.cookie).post(`/event/${n}/register`, DETAILS);
        expect(res.status).toBe(500);
        expect(await written(n, p.user)).toEqual({
          registrationCount: 0,
          registrations: 0,
          members: 0,
          mails: 1,
          listings: 1,
        });
      } finally {
        await sql`drop index "test_one_mail_per_address"`.execute(t.db);
      }
    },
  );
});
