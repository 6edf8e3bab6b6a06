import type { CheckInPerson } from "#server/contracts/check-in";
import type { Db } from "#server/db/connect";

/** The check-in list's people of an event (members, their team and check-in), to filter further. */
export function peopleQuery(db: Db, eventId: number) {
  return (
    db
      .selectFrom("registrationMembers as m")
      .innerJoin("users as u", "u.id", "m.userId")
      .innerJoin("registrations as r", "r.id", "m.registrationId")
      .leftJoin("checkIns as c", (join) =>
        join.onRef("c.eventId", "=", "m.eventId").onRef("c.userId", "=", "m.userId"),
      )
      .leftJoin("users as b", "b.id", "c.byUserId")
      .select([
        "m.userId as memberId",
        "u.firstName",
        "u.lastName",
        "m.collegeName",
        "r.teamName",
        "c.checkedInAt",
        "b.firstName as by",
      ])
      .where("m.eventId", "=", eventId)
      // SPEC-4: only free or paid places are checked in.
      .where("m.held", "=", 0)
  );
}

type PersonRow = Omit<CheckInPerson, "lastName"> & { lastName: string | null };

export function toPerson(row: PersonRow): CheckInPerson {
  return {
    memberId: row.memberId,
    firstName: row.firstName,
    lastName: row.lastName ?? "",
    collegeName: row.collegeName,
    teamName: row.teamName,
    checkedInAt: row.checkedInAt ?? null,
    by: row.by ?? null,
  };
}

export async function personOf(
  db: Db,
  eventId: number,
  userId: string,
): Promise<CheckInPerson | undefined> {
  const row = await peopleQuery(db, eventId).where("m.userId", "=", userId).executeTakeFirst();
  return row && toPerson(row);
}
