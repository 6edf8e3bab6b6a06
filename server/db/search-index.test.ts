import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { engines, freshDb } from "#tests/helpers/api";
import type { Db } from "./connect";
import { isPostgres } from "./connect";
import { newUserRow } from "#server/services/accounts/new-user-row";

describe.each(engines)("search index on %s", (engine) => {
  let db: Db;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ db, drop } = await freshDb(engine));
    const now = "2026-11-21T00:00:00.000Z";
    await db
      .insertInto("users")
      .values(
        newUserRow(now, {
          id: "u1",
          email: "u1@example.com",
          firstName: "A",
          emailVerifiedAt: now,
        }),
      )
      .execute();
    await db
      .insertInto("events")
      .values([
        {
          eventNumber: "10001",
          madeBy: "u1",
          status: "active",
          version: 1,
          eventName: "CodeStorm",
          festivalName: "Techniche",
          organisationName: "IIT Guwahati",
          createdAt: now,
          updatedAt: now,
        },
        {
          eventNumber: "10002",
          madeBy: "u1",
          status: "active",
          version: 1,
          eventName: "Quiz Bowl",
          festivalName: null,
          organisationName: "St. Stephen's College",
          createdAt: now,
          updatedAt: now,
        },
      ] as any)
      .execute();
  });
  afterAll(() => drop());

  it("finds substrings case-insensitively, and follows updates", async () => {
    const find = async (term: string) => {
      if (isPostgres(db)) {
        const like = `%${term.toLowerCase()}%`;
        const rows = await db
          .selectFrom("events")
          .select("eventNumber")
          .where((eb) =>
            eb.or([
              eb(eb.fn("lower", ["eventName"]), "like", like),
              eb(eb.fn("lower", ["festivalName"]), "like", like),
              eb(eb.fn("lower", ["organisationName"]), "like", like),
            ]),
          )
          .orderBy("eventNumber")
          .execute();
        return rows.map((r) => r.eventNumber);
      }
      const rows = await sql<{ eventNumber: string }>`select e."eventNumber" from events e
        where e.id in (select rowid from "eventsSearch" where "eventsSearch" match ${`"${term.replace(/"/g, '""')}"`})
        order by e."eventNumber"`.execute(db);
      return rows.rows.map((r) => r.eventNumber);
    };
    expect(await find("TECHNICHE")).toEqual(["10001"]);
    expect(await find("guwa")).toEqual(["10001"]);
    expect(await find("stephen")).toEqual(["10002"]);
    await db
      .updateTable("events")
      .set({ festivalName: "Spring Fiesta" })
      .where("eventNumber", "=", "10002")
      .execute();
    expect(await find("fiesta")).toEqual(["10002"]);
  });
});
