import type { EventCardData, EventData, EventOrg } from "#server/contracts/event-shape";
import { currentFeeOf } from "#server/contracts/fee-fields";
import type { Db } from "#server/db/connect";
import type { EventRow } from "#server/db/schema";
import { roundsOf } from "#server/services/rounds/rounds";
import { fileUrl } from "#server/services/uploads/uploads";

function list<T>(json: string | null): T[] {
  if (!json) return [];
  try {
    const v = JSON.parse(json);
    return Array.isArray(v) ? (v as T[]) : [];
  } catch {
    return [];
  }
}

/** The organisation an event is hosted under (SPEC-4 §4), as the event object names it. */
export async function eventOrgOf(db: Db, orgId: number | null): Promise<EventOrg | null> {
  if (orgId == null) return null;
  return (await cardOrgs(db, [{ orgId }])).get(orgId) ?? null;
}

/** A stored event row as the API's event object, with its organisation read. */
export async function eventJson(db: Db, row: EventRow, now: Date = new Date()): Promise<EventData> {
  return toEventJson(row, await eventOrgOf(db, row.orgId), now);
}

/** A stored event row as the API's event object; `org` as `eventOrgOf` reads it. */
export function toEventJson(
  row: EventRow,
  org: EventOrg | null,
  now: Date = new Date(),
): EventData {
  return {
    eventNumber: row.eventNumber,
    status: row.status,
    version: row.version,
    madeBy: row.madeBy,
    eventType: row.eventType,
    eventName: row.eventName,
    // An organisation's event bears its name (SPEC-4 §4), whatever was typed before.
    organisationName: org ? org.name : row.organisationName,
    org,
    festivalName: row.festivalName,
    eventWebsite: row.eventWebsite,
    modeOfEvent: row.modeOfEvent as EventData["modeOfEvent"],
    countryName: row.countryName,
    stateName: row.stateName,
    cityName: row.cityName,
    locationName: row.locationName,
    aboutEvent: row.aboutEvent,
    participationType: row.participationType as EventData["participationType"],
    minTeam: row.minTeam,
    maxTeam: row.maxTeam,
    startDate: row.startDate,
    endDate: row.endDate,
    contactDetails: list(row.contactDetails),
    importantDates: list(row.importantDates),
    eventBrochureTitle: row.eventBrochureTitle,
    eventBrochure: fileUrl(row.eventBrochure),
    eventLogo: fileUrl(row.eventLogo),
    eventBanner: fileUrl(row.eventBanner),
    rounds: roundsOf(row),
    prizes: list(row.prizes),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    publishedAt: row.publishedAt,
    registrationMode: row.registrationMode,
    capacity: row.capacity,
    registrationCount: row.registrationCount,
    fee: row.fee,
    feePer: row.feePer,
    earlyFee: row.earlyFee,
    earlyUntil: row.earlyUntil,
    upiId: row.upiId,
    payeeName: row.payeeName,
    holdMinutes: row.holdMinutes,
    refundPolicy: row.refundPolicy,
    gstin: row.gstin,
    currentFee: currentFeeOf(row, now),
  };
}

/** The columns a card reads; select exactly these for lists. */
export const CARD_COLUMNS = [
  "eventNumber",
  "status",
  "eventType",
  "eventName",
  "organisationName",
  "eventLogo",
  "endDate",
  "firstPrize",
  "modeOfEvent",
  "festivalName",
  "stateName",
  "cityName",
  "orgId",
] as const;

type CardRow = Pick<EventRow, (typeof CARD_COLUMNS)[number]>;

/** One row as a card, `org` from the organisations `eventCards` read (SPEC-4 §4). */
export function toEventCard(row: CardRow, orgs: Map<number, EventOrg>): EventCardData {
  const { orgId, ...rest } = row;
  const org = orgId == null ? null : (orgs.get(orgId) ?? null);
  return {
    ...rest,
    organisationName: org ? org.name : rest.organisationName,
    eventLogo: fileUrl(row.eventLogo),
    org,
  };
}

/** The organisations of a list's rows (or one event's), read in one query, as events name them. */
export async function cardOrgs(db: Db, rows: { orgId: number | null }[]) {
  const ids = [...new Set(rows.flatMap((r) => (r.orgId == null ? [] : [r.orgId])))];
  const orgs = new Map<number, EventOrg>();
  if (!ids.length) return orgs;
  const found = await db
    .selectFrom("organisations")
    .select(["id", "handle", "name", "logo", "verifiedDomain"])
    .where("id", "in", ids)
    .execute();
  for (const o of found)
    orgs.set(o.id, {
      handle: o.handle,
      name: o.name,
      logo: fileUrl(o.logo),
      verified: !!o.verifiedDomain,
    });
  return orgs;
}

/** A list's rows as cards, each with its organisation (SPEC-4 §4). */
export async function eventCards(db: Db, rows: CardRow[]): Promise<EventCardData[]> {
  const orgs = await cardOrgs(db, rows);
  return rows.map((row) => toEventCard(row, orgs));
}
