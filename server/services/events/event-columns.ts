/** Form values as event columns, shared by step 1, step 2 and step 3's Basic Details. */
import type { basicDetailsSchema } from "#server/contracts/event-step3";
import { fromISTInput } from "#server/contracts/dates";
import type { EventUpdate } from "#server/db/schema";
import type { z } from "zod";
import type { EventRegistrationField } from "#server/contracts/registration";

function websiteUrl(value: string | undefined): string | null {
  if (!value) return null;
  return /^https?:\/\//i.test(value) ? value : `https://${value}`;
}

export function iso(value: string | undefined): string | null {
  return fromISTInput(value);
}

type Basic = z.output<ReturnType<typeof basicDetailsSchema>>;

export function basicColumns(
  input: Omit<
    Basic,
    "participationType" | "minTeam" | "maxTeam" | "startDate" | "endDate" | "eventLogo" | "version"
  >,
): EventUpdate {
  const offline = input.modeOfEvent === "Offline";
  return {
    eventType: input.eventType,
    eventName: input.eventName,
    organisationName: input.organisationName,
    festivalName: input.festivalName ?? null,
    eventWebsite: websiteUrl(input.eventWebsite),
    modeOfEvent: input.modeOfEvent,
    // An online event has no venue: clear what an earlier offline save left.
    countryName: offline ? (input.countryName ?? null) : null,
    stateName: offline ? (input.stateName ?? null) : null,
    cityName: offline ? (input.cityName ?? null) : null,
    locationName: offline ? (input.locationName ?? null) : null,
  };
}

export function registrationColumns(input: Pick<Basic, EventRegistrationField>): EventUpdate {
  const team = input.participationType === "team";
  return {
    participationType: input.participationType,
    minTeam: team ? (input.minTeam ?? 1) : null,
    maxTeam: team ? (input.maxTeam ?? 4) : null,
    startDate: iso(input.startDate),
    endDate: iso(input.endDate),
    // A payload without a mode (SPEC §7's step 2) keeps the event's; empty capacity is no limit.
    ...(input.registrationMode ? { registrationMode: input.registrationMode } : {}),
    capacity: input.capacity ?? null,
    ...feeColumns(input),
  };
}

/**
 * SPEC-4 §1's fee fields. A payload without the fee block (no `feePer`) keeps the event's fees;
 * with it, an empty fee is free, and a free event keeps no payee or early-bird.
 */
function feeColumns(input: Pick<Basic, EventRegistrationField>): EventUpdate {
  if (!input.feePer) return {};
  const fee = input.fee ?? 0;
  return {
    fee,
    feePer: input.feePer,
    earlyFee: fee > 0 ? (input.earlyFee ?? null) : null,
    earlyUntil: fee > 0 && input.earlyFee !== undefined ? iso(input.earlyUntil) : null,
    upiId: fee > 0 ? (input.upiId ?? null) : null,
    payeeName: fee > 0 ? (input.payeeName ?? null) : null,
    holdMinutes: input.holdMinutes ?? 60,
    refundPolicy: input.refundPolicy ?? null,
    gstin: input.gstin ?? null,
  };
}
