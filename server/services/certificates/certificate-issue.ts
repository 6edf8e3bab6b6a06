import {
  type CertificateKind as Kind,
  CERTIFICATE_MESSAGES as M,
  rankLabel,
} from "#server/contracts/certificate";
import { issueCertificatesSchema } from "#server/contracts/certificate-issue";
import type { EventRow, UserRow } from "#server/db/schema";
import type { Deps } from "#server/lib/deps";
import { newPublicId } from "#server/lib/crypto";
import { conflict, parseBody } from "#server/lib/errors";
import { certificateMail } from "#server/mail/certificate-mail";
import { pregenerateCertificatePdfs } from "./certificate-pdf";
import { recordActivity } from "#server/services/team/activity";
import { requireRight } from "#server/services/team/permissions";

type Db = Deps["db"];

interface Recipient {
  userId: string;
  registrationId: string;
  rank: number;
  email: string;
  firstName: string;
  lastName: string | null;
}

/**
 * Who gets a certificate of a kind. Participation: every person of every individual registration
 * and of every complete team (size ≥ minTeam). Merit: every person of every winning registration,
 * with its prize rank.
 */
function recipients(db: Db, event: EventRow, kind: Kind): Promise<Recipient[]> {
  const base = db
    .selectFrom("registrationMembers as m")
    .innerJoin("registrations as r", "r.id", "m.registrationId")
    .innerJoin("users as u", "u.id", "m.userId")
    .where("m.eventId", "=", event.id)
    // SPEC-4: only free or paid places are registered; a held one gets no certificate.
    .where("m.held", "=", 0)
    .select(["m.userId", "m.registrationId", "u.email", "u.firstName", "u.lastName"]);
  if (kind === "merit")
    return base
      .innerJoin("eventWinners as w", (j) =>
        j.onRef("w.registrationId", "=", "r.id").on("w.eventId", "=", event.id),
      )
      .select("w.rank")
      .orderBy("w.rank")
      .orderBy("m.joinedAt")
      .execute();
  const minTeam = event.minTeam ?? 1;
  return base
    .where((eb) => eb.or([eb("r.type", "=", "individual"), eb("r.size", ">=", minTeam)]))
    .select((eb) => eb.lit(0).as("rank"))
    .orderBy("r.createdAt")
    .orderBy("m.joinedAt")
    .execute();
}

/**
 * GET /event/{n}/certificates/pending?kind= (creator): how many people issuing that kind now
 * would give a certificate, and mail: the recipients who hold none of it yet. The web's
 * confirmation step names it before anyone is mailed.
 */
export async function pendingCertificates(
  deps: Pick<Deps, "db">,
  user: UserRow,
  eventNumber: string,
  input: unknown,
): Promise<{ recipients: number }> {
  const { event } = await requireRight(deps, user, eventNumber, "organise");
  const { kind } = parseBody(issueCertificatesSchema, input);
  const held = new Set(
    (
      await deps.db
        .selectFrom("certificates")
        .select(["userId", "rank"])
        .where("eventId", "=", event.id)
        .where("kind", "=", kind)
        .execute()
    ).map((c) => `${c.userId}:${c.rank}`),
  );
  const people = await recipients(deps.db, event, kind);
  return { recipients: people.filter((p) => !held.has(`${p.userId}:${Number(p.rank)}`)).length };
}

const CHUNK = 200;

/**
 * POST /event/{n}/certificates. Issues the certificates of a kind that nobody has yet, in one
 * transaction with their mails. The unique key (event, person, kind, rank) makes it idempotent
 * and safe to run twice at once: a row already there is skipped (`on conflict do nothing`), and
 * only rows this call inserted are mailed. PDFs are made afterwards, off the request.
 */
export async function issueCertificates(
  deps: Deps,
  user: UserRow,
  eventNumber: string,
  input: unknown,
): Promise<{ issued: number }> {
  const access = await requireRight(deps, user, eventNumber, "organise");
  const { event } = access;
  const { kind } = parseBody(issueCertificatesSchema, input);
  // Registration closes after endDate (the window includes it), as for registering.
  if (!event.endDate || deps.clock.now().getTime() <= Date.parse(event.endDate))
    throw conflict(M.notYet);
  const issuedAt = deps.clock.now().toISOString();
  const issued = await deps.db.transaction().execute(async (trx) => {
    const people = await recipients(trx as unknown as Db, event, kind);
    const byUser = new Map(people.map((p) => [p.userId, p]));
    const inserted: { id: string; userId: string }[] = [];
    for (let i = 0; i < people.length; i += CHUNK) {
      const rows = people.slice(i, i + CHUNK).map((p) => ({
        id: newPublicId(),
        eventId: event.id,
        eventNumber: event.eventNumber,
        userId: p.userId,
        registrationId: p.registrationId,
        kind,
        rank: Number(p.rank),
        recipientName: [p.firstName, p.lastName].filter(Boolean).join(" ").trim(),
        eventName: event.eventName ?? "",
        organisationName: event.organisationName ?? "",
        eventLogo: event.eventLogo,
        issuedAt,
        revokedAt: null,
        pdfKey: null,
      }));
      inserted.push(
        ...(await trx
          .insertInto("certificates")
          .values(rows)
          .onConflict((oc) => oc.doNothing())
          .returning(["id", "userId"])
          .execute()),
      );
    }
    for (const row of inserted) {
      const p = byUser.get(row.userId)!;
      await deps.mail.queue(
        trx,
        certificateMail(deps.config.appUrl, p, {
          id: row.id,
          kind,
          eventName: event.eventName ?? "",
          rankLabel: kind === "merit" ? rankLabel(Number(p.rank)) : null,
        }),
      );
    }
    if (inserted.length > 0) {
      const what = `${inserted.length} ${kind} certificate${inserted.length === 1 ? "" : "s"}`;
      await recordActivity(trx, deps, access, "certificates.issued", `issued ${what}`);
    }
    return inserted.map((r) => r.id);
  });
  deps.mail.poke();
  pregenerateCertificatePdfs(deps, issued);
  return { issued: issued.length };
}
