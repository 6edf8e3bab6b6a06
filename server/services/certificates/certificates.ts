import {
  CERTIFICATE_ID_PATTERN,
  CERTIFICATE_MESSAGES as M,
  type Certificate,
  rankLabel,
} from "#server/contracts/certificate";
import type { CertificateRow, UserRow } from "#server/db/schema";
import type { Deps } from "#server/lib/deps";
import { notFound } from "#server/lib/errors";
import { publicHandleOf } from "#server/services/profiles/handles";
import { recordActivity } from "#server/services/team/activity";
import { requireRight } from "#server/services/team/permissions";

/** Certificates (SPEC-2 §5): reading and revoking. Issuing is in certificate-issue.ts. */

export function toCertificateJson(row: CertificateRow): Certificate {
  const rank = row.kind === "merit" ? row.rank : null;
  return {
    _id: row.id,
    kind: row.kind,
    rank,
    rankLabel: rankLabel(rank),
    recipientName: row.recipientName,
    eventName: row.eventName,
    eventNumber: row.eventNumber,
    organisationName: row.organisationName,
    issuedAt: row.issuedAt,
    revoked: row.revokedAt !== null,
  };
}

/** One certificate by id, revoked ones included; anything else is 404. */
export async function findCertificate(deps: Pick<Deps, "db">, id: string): Promise<CertificateRow> {
  const row = CERTIFICATE_ID_PATTERN.test(id)
    ? await deps.db.selectFrom("certificates").selectAll().where("id", "=", id).executeTakeFirst()
    : undefined;
  if (!row) throw notFound(M.notFound);
  return row;
}

/** The verification page's certificate, with the holder's public profile when it is on (SPEC-4 §5). */
export async function getCertificate(deps: Pick<Deps, "db">, id: string): Promise<Certificate> {
  const row = await findCertificate(deps, id);
  return { ...toCertificateJson(row), profile: await publicHandleOf(deps.db, row.userId) };
}

/** The signed-in person's certificates, newest first, revoked ones marked. */
export async function listMyCertificates(
  deps: Pick<Deps, "db">,
  user: UserRow,
): Promise<Certificate[]> {
  const rows = await deps.db
    .selectFrom("certificates")
    .selectAll()
    .where("userId", "=", user.id)
    .orderBy("issuedAt", "desc")
    .orderBy("id")
    .execute();
  return rows.map(toCertificateJson);
}

/** Every certificate of an event, for its creator: merit first by rank, then by name. */
export async function listEventCertificates(
  deps: Pick<Deps, "db">,
  user: UserRow,
  eventNumber: string,
): Promise<Certificate[]> {
  const { event } = await requireRight(deps, user, eventNumber, "organise");
  const rows = await deps.db
    .selectFrom("certificates")
    .selectAll()
    .where("eventId", "=", event.id)
    .orderBy("kind")
    .orderBy("rank")
    .orderBy("recipientName")
    .orderBy("id")
    .execute();
  return rows.map(toCertificateJson);
}

/**
 * Revokes one certificate of the creator's event. Revoking a revoked one changes nothing; the
 * verification page says 'This certificate was revoked' from then on, and issuing again does not
 * bring it back (the unique key still holds it).
 */
export async function revokeCertificate(
  deps: Pick<Deps, "db" | "clock">,
  user: UserRow,
  eventNumber: string,
  id: string,
): Promise<Certificate> {
  const access = await requireRight(deps, user, eventNumber, "organise");
  const row = await findCertificate(deps, id);
  if (row.eventId !== access.event.id) throw notFound(M.notFound);
  await deps.db.transaction().execute(async (trx) => {
    const done = await trx
      .updateTable("certificates")
      .set({ revokedAt: deps.clock.now().toISOString() })
      .where("id", "=", id)
      .where("revokedAt", "is", null)
      .executeTakeFirst();
    if (Number(done.numUpdatedRows) === 0) return;
    const says = `revoked the certificate of ${row.recipientName}`;
    await recordActivity(trx, deps, access, "certificate.revoked", says);
  });
  return toCertificateJson(await findCertificate(deps, id));
}
