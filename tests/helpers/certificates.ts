import type { Insertable } from "kysely";
import type { CertificatesTable, NewEvent } from "#server/db/schema";
import type { Deps } from "#server/deps";
import { newId, newPublicId } from "#server/lib/crypto";

/** A published event straight in the database, registration window closed unless told. */
export async function insertEvent(
  deps: Pick<Deps, "db" | "clock">,
  madeBy: string,
  overrides: Partial<NewEvent> & { eventNumber: string },
) {
  const now = deps.clock.now();
  const at = (days: number) => new Date(now.getTime() + days * 86_400_000).toISOString();
  return deps.db
    .insertInto("events")
    .values({
      madeBy,
      status: "active",
      version: 1,
      eventType: "Hackathon & Coding Challenges",
      eventName: "HackIndia 2026",
      organisationName: "IIT Delhi Coding Club",
      modeOfEvent: "Online",
      participationType: "individual",
      startDate: at(-10),
      endDate: at(-1),
      prizes: JSON.stringify([
        { rank: 1, cash: 10000 },
        { rank: 2, cash: 5000 },
      ]),
      createdAt: at(-20),
      updatedAt: at(-20),
      publishedAt: at(-20),
      ...overrides,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** A certificate straight in the database, for tests of reading, revoking and the PDF. */
export async function insertCertificate(
  deps: Pick<Deps, "db" | "clock">,
  values: Partial<Insertable<CertificatesTable>> & {
    eventId: number;
    eventNumber: string;
    userId: string;
  },
) {
  return deps.db
    .insertInto("certificates")
    .values({
      id: newPublicId(),
      registrationId: null,
      kind: "participation",
      rank: 0,
      recipientName: "Asha Verma",
      eventName: "HackIndia 2026",
      organisationName: "IIT Delhi Coding Club",
      eventLogo: null,
      issuedAt: deps.clock.now().toISOString(),
      revokedAt: null,
      pdfKey: null,
      ...values,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * A registration straight in the database (SPEC-2 §1's tables): an individual, or a team whose
 * first member leads. Certificates are issued after registration closes, when the registration
 * API refuses new ones, so tests put registrations in place directly.
 */
export async function registerDirect(
  deps: Pick<Deps, "db" | "clock">,
  eventId: number,
  members: { id: string }[],
  teamName?: string,
): Promise<string> {
  const id = newId();
  const at = deps.clock.now().toISOString();
  await deps.db.transaction().execute(async (trx) => {
    await trx
      .insertInto("registrations")
      .values({
        id,
        eventId,
        type: teamName ? "team" : "individual",
        teamName: teamName ?? null,
        code: teamName ? id.slice(0, 6).toUpperCase() : null,
        leaderId: members[0].id,
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
          phone: "9876543210",
          collegeName: "IIT Delhi",
          course: "B.Tech",
          joinedAt: new Date(Date.parse(at) + i * 1000).toISOString(),
        })),
      )
      .execute();
  });
  return id;
}
