import { describe, expect, it } from "vitest";
import { type Db, isUniqueViolation } from "#server/db/connect";
import { engines } from "#tests/helpers/api";
import { addOldEvent, addOldUser, dbAt, migrate } from "#tests/helpers/migrations";

/** SPEC-3 §2: rounds saved before part 3 get an `_id` and `kind: "offline"`; submissions' table. */

const NOW = "2026-11-21T06:30:00.000Z";
const OLD_ROUND = {
  title: "Prelims",
  description: "Written round",
  startDate: "2026-12-01T04:30:00.000Z",
  endDate: "2026-12-01T06:30:00.000Z",
  isEliminatorRound: "true",
};

async function roundsOf(db: Db, eventNumber: string) {
  const row = await db
    .selectFrom("events")
    .select("rounds")
    .where("eventNumber", "=", eventNumber)
    .executeTakeFirstOrThrow();
  return row.rounds === null ? null : JSON.parse(row.rounds);
}

describe.each(engines)("migration 0015_rounds (%s)", (engine) => {
  it("gives every saved round a stable id and the kind offline, and leaves the rest as it was", async () => {
    const { db, drop } = await dbAt(engine);
    try {
      await migrate(db, "0014_tickets");
      await addOldUser(db, "org");
      await addOldEvent(db, "11111", {
        rounds: JSON.stringify([OLD_ROUND, { ...OLD_ROUND, title: "Finals" }]),
      });
      await addOldEvent(db, "22222", { rounds: "[]" });
      await addOldEvent(db, "33333", { rounds: null });
      await migrate(db);
      const rounds = await roundsOf(db, "11111");
      expect(rounds).toHaveLength(2);
      for (const r of rounds) {
        expect(r._id).toMatch(/^[A-Za-z0-9_-]{12,}$/);
        expect(r.kind).toBe("offline");
        expect(r).toMatchObject({ ...OLD_ROUND, title: r.title });
      }
      expect(rounds[0]._id).not.toBe(rounds[1]._id);
      expect(rounds.map((r: { title: string }) => r.title)).toEqual(["Prelims", "Finals"]);
      expect(await roundsOf(db, "22222")).toEqual([]);
      expect(await roundsOf(db, "33333")).toBeNull();
    } finally {
      await drop();
    }
  });

  it("keeps one submission per registration and round in the database itself", async () => {
    const { db, drop } = await dbAt(engine);
    try {
      await migrate(db);
      await addOldUser(db, "org");
      await addOldUser(db, "u1");
      await addOldEvent(db, "44444", { rounds: "[]" });
      const { id: eventId } = await db
        .selectFrom("events")
        .select("id")
        .where("eventNumber", "=", "44444")
        .executeTakeFirstOrThrow();
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto("registrations")
          .values({
            id: "r1",
            eventId,
            type: "individual",
            leaderId: "u1",
            size: 1,
            createdAt: NOW,
          })
          .execute();
        await trx
          .insertInto("registrationMembers")
          .values({
            registrationId: "r1",
            eventId,
            userId: "u1",
            phone: "9876543210",
            collegeName: "IIT Delhi",
            course: "B.Tech",
            joinedAt: NOW,
          })
          .execute();
      });
      const row = (id: string, roundId: string) => ({
        id,
        eventId,
        roundId,
        registrationId: "r1",
        title: "Idea",
        description: "An idea",
        links: "[]",
        submittedAt: NOW,
        updatedAt: NOW,
        updatedBy: "u1",
      });
      await db.insertInto("submissions").values(row("s1", "round-aaaaaaa")).execute();
      await db.insertInto("submissions").values(row("s2", "round-bbbbbbb")).execute();
      const again = await db
        .insertInto("submissions")
        .values(row("s3", "round-aaaaaaa"))
        .execute()
        .then(
          () => null,
          (e: unknown) => e,
        );
      expect(again && isUniqueViolation(again)).toBe(true);
    } finally {
      await drop();
    }
  });
});
