import { sql } from "kysely";
import type { Deps } from "#server/lib/deps";
import type { UserRow } from "#server/db/schema";
import { newId } from "#server/lib/crypto";

/**
 * A registration straight in the database (SPEC-2 §1's tables): an individual, or a team whose
 * first member leads. For tests of what organisers do with registrations; the registration API
 * has its own tests.
 */
export async function registerDirect(
  deps: Pick<Deps, "db" | "clock">,
  eventId: number,
  members: UserRow[],
  options: { teamName?: string; at?: string; phone?: string; course?: string } = {},
): Promise<string> {
  const id = newId();
  const at = options.at ?? deps.clock.now().toISOString();
  await deps.db.transaction().execute(async (trx) => {
    await trx
      .insertInto("registrations")
      .values({
        id,
        eventId,
        type: options.teamName ? "team" : "individual",
        teamName: options.teamName ?? null,
        code: options.teamName ? id.slice(0, 6).toUpperCase() : null,
        leaderId: members[0]!.id,
        size: members.length,
        createdAt: at,
      })
      .execute();
    await trx
      .insertInto("registrationMembers")
      .values(
        members.map((m, i) => ({
          registrationId: id,
          eventId,
          userId: m.id,
          phone: options.phone ?? "9876543210",
          collegeName: m.collegeName ?? "IIT Delhi",
          course: options.course ?? "B.Tech",
          joinedAt: new Date(new Date(at).getTime() + i * 1000).toISOString(),
        })),
      )
      .execute();
    await trx
      .updateTable("events")
      .set({ registrationCount: sql<number>`${sql.ref("registrationCount")} + 1` })
      .where("id", "=", eventId)
      .execute();
  });
  return id;
}
