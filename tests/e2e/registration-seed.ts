import { randomInt } from "node:crypto";
import SQLite from "better-sqlite3";
import { newId } from "#server/lib/crypto";
import { connectDb, type Db } from "#server/db/connect";
import type { UserRow } from "#server/db/schema";
import { newUserRow } from "#server/services/accounts/new-user-row";
import { systemClock } from "#server/lib/clock";
import { registerDirect } from "#tests/helpers/registrants";
import { dbFile } from "./session";
import { openEventRow } from "#tests/helpers/registration";

/**
 * A published event straight in the e2e server's database, open for registration unless told
 * otherwise; its organiser is a fresh user. Returns the event number.
 */
export function seedRegistrationEvent(overrides: Record<string, string | number | null> = {}): {
  eventNumber: string;
  eventName: string;
} {
  const db = new SQLite(dbFile());
  db.pragma("busy_timeout = 5000");
  const now = Date.now();
  const organiser = newId();
  const iso = new Date(now).toISOString();
  db.prepare(
    `insert into users (id, email, emailVerifiedAt, firstName, lastName, createdAt, updatedAt)
     values (?, ?, ?, 'Org', 'Aniser', ?, ?)`,
  ).run(organiser, `org.${organiser}@example.com`, iso, iso, iso);
  // Numbers of 7 digits, away from the seeded and created ones. Drawn at random and drawn again
  // if taken: the two Playwright workers seed at the same moments, so a clock-based number could
  // come up in both.
  const row: Record<string, string | number | null> = {
    ...openEventRow(now, organiser, "", ""),
    ...overrides,
  };
  const keys = Object.keys(row);
  const insert = db.prepare(
    `insert into events (${keys.map((k) => `"${k}"`).join(", ")}) values (${keys.map(() => "?").join(", ")})`,
  );
  let eventNumber = "";
  for (let attempt = 0; !eventNumber; attempt++) {
    const candidate = String(5_000_000 + randomInt(4_000_000));
    row.eventNumber = candidate;
    row.eventName = overrides.eventName ?? `Reg Test ${candidate}`;
    try {
      insert.run(...keys.map((k) => row[k]));
      eventNumber = candidate;
    } catch (error) {
      const taken = (error as { code?: string }).code === "SQLITE_CONSTRAINT_UNIQUE";
      if (!taken || attempt >= 5) throw error;
    }
  }
  db.close();
  return { eventNumber, eventName: String(row.eventName) };
}

export const teamEvent = { participationType: "team", minTeam: 2, maxTeam: 3 };

/** Runs `work` on the e2e database with the id of event `eventNumber`, and closes it after. */
export async function withEventDb<T>(
  eventNumber: string,
  work: (db: Db, eventId: number) => Promise<T>,
): Promise<T> {
  const db = connectDb({ sqlitePath: dbFile() });
  try {
    const event = await db
      .selectFrom("events")
      .select("id")
      .where("eventNumber", "=", eventNumber)
      .executeTakeFirstOrThrow();
    return await work(db, event.id);
  } finally {
    await db.destroy();
  }
}

/**
 * Registers e2e users (by id) straight in the database: together as one registration (a team
 * when `teamName` is given), or with `each`, one registration each in the order given.
 */
export async function registerUsers(
  eventNumber: string,
  userIds: string[],
  options: { teamName?: string; each?: boolean } = {},
) {
  await withEventDb(eventNumber, async (db, eventId) => {
    const users = await db.selectFrom("users").selectAll().where("id", "in", userIds).execute();
    const deps = { db, clock: systemClock };
    if (options.each) {
      for (const id of userIds)
        await registerDirect(
          deps,
          eventId,
          users.filter((u) => u.id === id),
        );
    } else {
      await registerDirect(deps, eventId, users, { teamName: options.teamName });
    }
  });
}

/**
 * People with the given first names (and `lastName`), made and each registered on their own
 * for event `eventId`, straight in the e2e database; their rows with their registration's id.
 */
export async function registerPeople(
  db: Db,
  eventId: number,
  firstNames: string[],
  lastName: string,
): Promise<(UserRow & { registrationId: string })[]> {
  const people = [];
  const now = new Date().toISOString();
  for (const firstName of firstNames) {
    const id = newId();
    const user = newUserRow(now, {
      id,
      email: `${firstName.toLowerCase()}.${id}@example.com`,
      emailVerifiedAt: now,
      firstName,
      lastName,
      course: "B.Tech",
      collegeName: "IIT Delhi",
    });
    await db.insertInto("users").values(user).execute();
    const row = await db
      .selectFrom("users")
      .selectAll()
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    const registrationId = await registerDirect({ db, clock: systemClock }, eventId, [row]);
    people.push({ ...row, registrationId });
  }
  return people;
}
