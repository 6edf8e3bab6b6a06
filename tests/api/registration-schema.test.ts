import { afterEach, describe, expect, it } from "vitest";
import { engines } from "#tests/helpers/api";
import { addOldEvent, addOldUser, dbAt, migrate } from "#tests/helpers/migrations";

const NOW = "2026-11-21T06:30:00.000Z";

function member(registrationId: string, eventId: number, userId: string) {
  return {
    registrationId,
    eventId,
    userId,
    phone: "9876543210",
    collegeName: "IIT Delhi",
    course: "B.Tech",
    joinedAt: NOW,
  };
}

describe.each(engines)("registration tables (%s)", (engine) => {
  let drop: () => Promise<void> = async () => {};
  afterEach(() => drop());

  it("reads events made before it as 'website' when they have a website, else 'utsav'", async () => {
    const t = await dbAt(engine, 4);
    drop = t.drop;
    await migrate(t.db, "0003_listing_indexes");
    await addOldUser(t.db, "org");
    await addOldEvent(t.db, "10001", { eventWebsite: "https://fest.example.com" });
    await addOldEvent(t.db, "10002", { eventWebsite: null });
    await addOldEvent(t.db, "10003", { eventWebsite: "" });
    await migrate(t.db);
    const rows = await t.db
      .selectFrom("events")
      .select(["eventNumber", "registrationMode", "capacity", "registrationCount"])
      .orderBy("eventNumber")
      .execute();
    expect(rows).toEqual([
      { eventNumber: "10001", registrationMode: "website", capacity: null, registrationCount: 0 },
      { eventNumber: "10002", registrationMode: "utsav", capacity: null, registrationCount: 0 },
      { eventNumber: "10003", registrationMode: "utsav", capacity: null, registrationCount: 0 },
    ]);
    // A new event defaults to registering here.
    await addOldEvent(t.db, "10004", { eventWebsite: "https://x.example.com" });
    const added = await t.db
      .selectFrom("events")
      .select("registrationMode")
      .where("eventNumber", "=", "10004")
      .executeTakeFirstOrThrow();
    expect(added.registrationMode).toBe("utsav");
  });

  it("holds the invariants itself: one registration per person, capacity, a leader who is a member", async () => {
    const t = await dbAt(engine, 4);
    drop = t.drop;
    await migrate(t.db);
    for (const id of ["org", "a", "b"]) await addOldUser(t.db, id);
    const eventId = await addOldEvent(t.db, "20001", { capacity: 1 });
    const reg = (id: string, leaderId: string) => ({
      id,
      eventId,
      type: "team" as const,
      teamName: "T",
      code: id.toUpperCase().padEnd(6, "X"),
      leaderId,
      size: 1,
      createdAt: NOW,
    });

    // A team whose leader is a member commits.
    await t.db.transaction().execute(async (trx) => {
      await trx.insertInto("registrations").values(reg("r1", "a")).execute();
      await trx
        .insertInto("registrationMembers")
        .values(member("r1", eventId, "a"))
        .execute();
    });
    // A leader who is not a member is refused at commit, and nothing stays.
    await expect(
      t.db.transaction().execute(async (trx) => {
        await trx.insertInto("registrations").values(reg("r2", "b")).execute();
      }),
    ).rejects.toThrow();
    expect(await t.db.selectFrom("registrations").select("id").execute()).toEqual([{ id: "r1" }]);
    // Removing the leader's membership without handing over is refused too.
    await expect(
      t.db.transaction().execute(async (trx) => {
        await trx.deleteFrom("registrationMembers").where("userId", "=", "a").execute();
      }),
    ).rejects.toThrow();
    // Deleting the registration takes its members with it.
    await t.db.transaction().execute(async (trx) => {
      await trx.deleteFrom("registrations").where("id", "=", "r1").execute();
    });
    expect(await t.db.selectFrom("registrationMembers").select("userId").execute()).toEqual([]);

    // One person, one registration per event.
    await t.db.transaction().execute(async (trx) => {
      await trx.insertInto("registrations").values(reg("r3", "a")).execute();
      await trx
        .insertInto("registrationMembers")
        .values(member("r3", eventId, "a"))
        .execute();
      await trx.insertInto("registrations").values(reg("r4", "b")).execute();
      await trx
        .insertInto("registrationMembers")
        .values(member("r4", eventId, "b"))
        .execute();
    });
    await expect(
      t.db
        .insertInto("registrationMembers")
        .values(member("r4", eventId, "a"))
        .execute(),
    ).rejects.toThrow();

    // The count never passes the capacity, and never goes below 0.
    await t.db
      .updateTable("events")
      .set({ registrationCount: 1 })
      .where("id", "=", eventId)
      .execute();
    await expect(
      t.db.updateTable("events").set({ registrationCount: 2 }).where("id", "=", eventId).execute(),
    ).rejects.toThrow();
    await expect(
      t.db.updateTable("events").set({ registrationCount: -1 }).where("id", "=", eventId).execute(),
    ).rejects.toThrow();
    await expect(
      t.db
        .updateTable("events")
        .set({ capacity: 0, registrationCount: 0 })
        .where("id", "=", eventId)
        .execute(),
    ).rejects.toThrow();

    // One pending request per person and team.
    const request = (id: string, status: "pending" | "declined") => ({
      id,
      eventId,
      registrationId: "r3",
      userId: "b",
      message: "Let me in",
      phone: "9876543210",
      collegeName: "IIT Delhi",
      course: "B.Tech",
      status,
      createdAt: NOW,
      decidedAt: null,
    });
    await t.db.insertInto("joinRequests").values(request("q1", "declined")).execute();
    await t.db.insertInto("joinRequests").values(request("q2", "pending")).execute();
    await expect(
      t.db.insertInto("joinRequests").values(request("q3", "pending")).execute(),
    ).rejects.toThrow();
  });
});
