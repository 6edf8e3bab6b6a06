import { ORG_MESSAGES } from "#server/contracts/orgs";
import type { Db } from "#server/db/connect";
import type { EventRow, EventUpdate, UserRow } from "#server/db/schema";
import { ApiError, badRequest } from "#server/lib/errors";
import type { RawBody } from "#server/services/events/event-body";
import { requireOrgAdmin } from "./org-access";

/**
 * Step 1's `orgHandle` (SPEC-4 §4): hosting an event under an organisation, which only its owner
 * or an admin may choose (403 'You are not an admin of this organisation'). Absent, the event
 * keeps its organisation; empty, it leaves it. The event's `organisationName` is then the
 * organisation's name: it is put in the body before the step's rules read it.
 */
export async function orgOfStep1(
  db: Db,
  user: UserRow,
  row: EventRow | undefined,
  body: RawBody,
): Promise<{ body: RawBody; columns: EventUpdate }> {
  const raw = body.orgHandle;
  const { orgHandle: _, ...rest } = body;
  const given = typeof raw === "string" ? raw.trim() : raw === undefined ? undefined : "";
  if (given === undefined) {
    const name = row?.orgId != null ? await orgName(db, row.orgId) : null;
    return { body: name ? { ...rest, organisationName: name } : rest, columns: {} };
  }
  if (given === "") return { body: rest, columns: row?.orgId != null ? { orgId: null } : {} };
  const { org } = await requireOrgAdmin(db, user, given).catch((err) => {
    // An unknown handle is a mistake in the form's field, not a missing page.
    if (err instanceof ApiError && err.status === 404)
      throw badRequest(ORG_MESSAGES.notFound, { orgHandle: [ORG_MESSAGES.notFound] });
    throw err;
  });
  return { body: { ...rest, organisationName: org.name }, columns: { orgId: org.id } };
}

/** Step 3's Basic Details of an organisation's event: the name is the organisation's. */
export async function withOrgName(db: Db, row: EventRow, body: RawBody): Promise<RawBody> {
  const name = row.orgId != null ? await orgName(db, row.orgId) : null;
  return name ? { ...body, organisationName: name } : body;
}

async function orgName(db: Db, orgId: number): Promise<string | null> {
  const org = await db
    .selectFrom("organisations")
    .select("name")
    .where("id", "=", orgId)
    .executeTakeFirst();
  return org?.name ?? null;
}
