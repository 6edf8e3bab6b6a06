import type { EventCardData, EventData } from "#server/contracts/event-shape";
import { currentFeeOf } from "#server/contracts/fee-fields";
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

/** A stored event row as the API's event object. */
export function toEventJson(row: EventRow, now: Date = new Date()): EventData {
  return {
    eventNumber: row.eventNumber,
    status: row.status,
    version: row.version,
    madeBy: row.madeBy,
    eventType: row.eventType,
    eventName: row.eventName,
    organisationName: row.organisationName,
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
] as const;

export function toEventCard(row: Pick<EventRow, (typeof CARD_COLUMNS)[number]>): EventCardData {
  return { ...row, eventLogo: fileUrl(row.eventLogo) };
}
