import type { Insertable } from "kysely";
import type { CertificatesTable, NewEvent } from "#server/db/schema";
import type { Deps } from "#server/lib/deps";
import { newPublicId } from "#server/lib/crypto";

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
