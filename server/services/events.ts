import { sql } from "kysely";
import { EVENT_NUMBER_PATTERN } from "#server/contracts/constants";
import type { z } from "zod";
import {
  aboutSchema,
  bannerSchema,
  basicDetailsSchema,
  importantDatesSchema,
  NUMBER_TAKEN,
  prizesSchema,
  roundsSchema,
  step1Schema,
  step2Schema,
  VERSION_CONFLICT,
} from "#server/contracts/event";
import type { EventData } from "#server/contracts/event-shape";
import { fromISTInput } from "#server/contracts/dates";
import type { EventRow, EventUpdate, UserRow } from "#server/db/schema";
import type { Deps } from "#server/deps";
import { parseBody } from "#server/lib/errors";
import { badRequest, conflict, forbidden, notFound } from "#server/lib/errors";
import { toEventJson } from "./event-json";
import { capacityRace, checkRegistrationEdit } from "./registration-edit";
import { sanitizeAbout } from "./sanitize";
import { fileField, storeDocument, storeImage } from "./uploads";

type EventDeps = Pick<Deps, "db" | "storage" | "clock">;
export type RawBody = Record<string, unknown>;

/** The step-3 calls of SPEC §7, by the last part of their path. */
export const STEP3_ENDPOINTS = [
  "eventBanner",
  "basicdetails",
  "aboutEvent",
  "importantDate",
  "rounds",
  "prizes",
] as const;
export type Step3Endpoint = (typeof STEP3_ENDPOINTS)[number];

const NUMERIC_KEYS = new Set(["minTeam", "maxTeam", "version", "rank", "cashAmount", "capacity"]);
const LIST_KEYS = new Set(["contactDetails", "importantDates", "rounds", "prizes"]);

/**
 * One shape for JSON and multipart bodies, as the forms' Conform parsing gives them: blank strings
 * and empty file parts are absent, list fields sent as JSON strings are parsed, and numbers sent as
 * decimal strings become numbers.
 */
export function normaliseBody(value: unknown, key = ""): unknown {
  if (typeof value === "string") {
    const trimmed = value.trim();
    if (trimmed === "") return undefined;
    if (LIST_KEYS.has(key)) {
      try {
        return normaliseBody(JSON.parse(trimmed), key);
      } catch {
        return value;
      }
    }
    if (NUMERIC_KEYS.has(key) && /^-?\d+(\.\d+)?$/.test(trimmed)) return Number(trimmed);
    return value;
  }
  if (typeof File !== "undefined" && value instanceof File)
    return value.size === 0 && !value.name ? undefined : value;
  if (Array.isArray(value)) {
    // A repeated multipart key of a scalar field: the last one wins.
    if (!LIST_KEYS.has(key)) return normaliseBody(value.at(-1), key);
    return value.map((item) => normaliseBody(item));
  }
  if (value && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = normaliseBody(v, k);
    return out;
  }
  return value;
}

function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; message?: string };
  return (
    e?.code === "23505" ||
    e?.code === "SQLITE_CONSTRAINT_UNIQUE" ||
    /UNIQUE constraint failed/i.test(e?.message ?? "")
  );
}

function checkNumber(eventNumber: string): void {
  if (!EVENT_NUMBER_PATTERN.test(eventNumber)) throw notFound("Event not found");
}

async function findEvent(deps: EventDeps, eventNumber: string): Promise<EventRow | undefined> {
  return deps.db
    .selectFrom("events")
    .selectAll()
    .where("eventNumber", "=", eventNumber)
    .executeTakeFirst();
}

/** The creator's event, or 404 (unknown) / 403 (someone else's). */
async function ownedEvent(deps: EventDeps, eventNumber: string, user: UserRow): Promise<EventRow> {
  checkNumber(eventNumber);
  const row = await findEvent(deps, eventNumber);
  if (!row) throw notFound("Event not found");
  if (row.madeBy !== user.id) throw forbidden("You can only change events you created");
  return row;
}

function checkVersion(row: EventRow, version: number | undefined): void {
  if (version !== undefined && version !== row.version) throw conflict(VERSION_CONFLICT);
}

/**
 * Writes a save. With the version the form was based on, only if nobody saved since (a stale tab
 * gets 409 and keeps its input); without one (SPEC §7's payloads carry none), the last write wins,
 * and the version still counts every save, atomically, however many arrive at once.
 */
async function updateEvent(
  deps: EventDeps,
  row: EventRow,
  basedOn: number | undefined,
  changes: EventUpdate,
): Promise<EventData> {
  const now = deps.clock.now().toISOString();
  let update = deps.db
    .updateTable("events")
    .set({ ...changes, version: sql<number>`${sql.ref("version")} + 1`, updatedAt: now })
    .where("id", "=", row.id);
  if (basedOn !== undefined) update = update.where("version", "=", basedOn);
  const result = await update.executeTakeFirst().catch(capacityRace);
  if (Number(result.numUpdatedRows) === 0) throw conflict(VERSION_CONFLICT);
  const saved = await deps.db
    .selectFrom("events")
    .selectAll()
    .where("id", "=", row.id)
    .executeTakeFirstOrThrow();
  return toEventJson(saved);
}

function websiteUrl(value: string | undefined): string | null {
  if (!value) return null;
  return /^https?:\/\//i.test(value) ? value : `https://${value}`;
}

function iso(value: string | undefined): string | null {
  return fromISTInput(value);
}

type Basic = z.output<ReturnType<typeof basicDetailsSchema>>;

function basicColumns(
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

function registrationColumns(
  input: Pick<
    Basic,
    | "participationType"
    | "minTeam"
    | "maxTeam"
    | "startDate"
    | "endDate"
    | "registrationMode"
    | "capacity"
  >,
): EventUpdate {
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
  };
}

/**
 * Step 1: the first save of a number creates the draft, owned by the caller; later saves update it.
 * A number held by someone else's event is refused with 409 and nothing changes.
 */
export async function saveStep1(
  deps: EventDeps,
  user: UserRow,
  eventNumber: string,
  body: RawBody,
): Promise<EventData> {
  if (!EVENT_NUMBER_PATTERN.test(eventNumber))
    throw badRequest("The event number must be 5 to 9 digits");
  const row = await findEvent(deps, eventNumber);
  if (row && row.madeBy !== user.id) throw conflict(NUMBER_TAKEN);
  const input = parseBody(
    step1Schema({ hasLogo: !!row?.eventLogo, websiteMode: row?.registrationMode === "website" }),
    normaliseBody(body),
  );
  if (row) checkVersion(row, input.version);
  const logo = fileField(input.eventLogo)
    ? await storeImage(deps, input.eventLogo!, "logo")
    : undefined;
  const columns: EventUpdate = {
    ...basicColumns(input),
    aboutEvent:
      input.aboutEvent === undefined
        ? (row?.aboutEvent ?? null)
        : sanitizeAbout(input.aboutEvent) || null,
    ...(logo ? { eventLogo: logo } : {}),
  };
  if (row) return updateEvent(deps, row, input.version, columns);
  const now = deps.clock.now().toISOString();
  try {
    await deps.db
      .insertInto("events")
      .values({
        ...columns,
        eventNumber,
        madeBy: user.id,
        status: "draft",
        version: 1,
        createdAt: now,
        updatedAt: now,
      } as never)
      .execute();
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(NUMBER_TAKEN);
    throw err;
  }
  return toEventJson((await findEvent(deps, eventNumber))!);
}

export async function saveStep2(
  deps: EventDeps,
  user: UserRow,
  eventNumber: string,
  body: RawBody,
): Promise<EventData> {
  const row = await ownedEvent(deps, eventNumber, user);
  const input = parseBody(step2Schema({ hasWebsite: !!row.eventWebsite }), normaliseBody(body));
  checkVersion(row, input.version);
  const columns = registrationColumns(input);
  await checkRegistrationEdit(deps, row, columns);
  return updateEvent(deps, row, input.version, {
    ...columns,
    contactDetails: JSON.stringify(input.contactDetails),
  });
}

export async function saveStep3(
  deps: EventDeps,
  user: UserRow,
  eventNumber: string,
  endpoint: Step3Endpoint,
  body: RawBody,
): Promise<EventData> {
  const row = await ownedEvent(deps, eventNumber, user);
  const data = normaliseBody(body);
  const now = deps.clock.now();
  switch (endpoint) {
    case "eventBanner": {
      const input = parseBody(bannerSchema({ hasBanner: !!row.eventBanner }), data);
      checkVersion(row, input.version);
      if (!input.eventBanner) return updateEvent(deps, row, input.version, {});
      return updateEvent(deps, row, input.version, {
        eventBanner: await storeImage(deps, input.eventBanner, "banner"),
      });
    }
    case "basicdetails": {
      const input = parseBody(basicDetailsSchema(), data);
      checkVersion(row, input.version);
      const columns = registrationColumns(input);
      await checkRegistrationEdit(deps, row, columns);
      const logo = input.eventLogo ? await storeImage(deps, input.eventLogo, "logo") : undefined;
      return updateEvent(deps, row, input.version, {
        ...basicColumns(input),
        ...columns,
        ...(logo ? { eventLogo: logo } : {}),
      });
    }
    case "aboutEvent": {
      const input = parseBody(aboutSchema(), data);
      checkVersion(row, input.version);
      return updateEvent(deps, row, input.version, {
        aboutEvent: sanitizeAbout(input.aboutEvent) || null,
      });
    }
    case "importantDate": {
      const input = parseBody(importantDatesSchema(now), data);
      checkVersion(row, input.version);
      const brochure = input.eventBrochure
        ? await storeDocument(deps, input.eventBrochure, "brochure")
        : undefined;
      return updateEvent(deps, row, input.version, {
        importantDates: JSON.stringify(
          input.importantDates.map((d) => ({ dateTitle: d.dateTitle, date: iso(d.date) })),
        ),
        contactDetails: JSON.stringify(input.contactDetails),
        eventBrochureTitle: input.eventBrochureTitle ?? null,
        ...(brochure ? { eventBrochure: brochure } : {}),
      });
    }
    case "rounds": {
      const input = parseBody(roundsSchema(now), data);
      checkVersion(row, input.version);
      const rounds = input.rounds.map((r) => ({
        ...r,
        startDate: iso(r.startDate),
        endDate: iso(r.endDate),
      }));
      return updateEvent(deps, row, input.version, { rounds: JSON.stringify(rounds) });
    }
    case "prizes": {
      const input = parseBody(prizesSchema(), data);
      checkVersion(row, input.version);
      const prizes = [...input.prizes].sort((a, b) => a.rank - b.rank);
      const first = prizes.find((p) => p.rank === 1);
      return updateEvent(deps, row, input.version, {
        prizes: JSON.stringify(prizes),
        firstPrize: first ? first.cashAmount : null,
      });
    }
  }
}

/** What publishing needs, by step, as the organiser reads it. */
export function missingForPublish(row: EventRow): string[] {
  const missing: string[] = [];
  const need = (ok: unknown, label: string) => {
    if (ok === null || ok === undefined || ok === "") missing.push(label);
  };
  need(row.eventLogo, "Event Logo (step 1)");
  need(row.eventType, "Event Type (step 1)");
  need(row.eventName, "Event Name (step 1)");
  need(row.organisationName, "Organisation Name (step 1)");
  need(row.modeOfEvent, "Mode of Event (step 1)");
  if (row.modeOfEvent === "Offline") {
    need(row.countryName, "Country (step 1)");
    need(row.stateName, "State (step 1)");
    need(row.cityName, "City (step 1)");
  }
  need(row.participationType, "Participation Type (step 2)");
  if (row.participationType === "team") {
    need(row.minTeam, "Minimum team size (step 2)");
    need(row.maxTeam, "Maximum team size (step 2)");
  }
  need(row.startDate, "Registration Start Date (step 2)");
  need(row.endDate, "Registration End Date (step 2)");
  need(row.eventBanner, "Event Banner (step 3)");
  return missing;
}

/** Publishes the creator's event once every step has its required data; publishing again is harmless. */
export async function publishEvent(
  deps: EventDeps,
  user: UserRow,
  eventNumber: string,
): Promise<EventData> {
  const row = await ownedEvent(deps, eventNumber, user);
  const missing = missingForPublish(row);
  if (missing.length) {
    throw badRequest(`Please complete these before publishing: ${missing.join(", ")}`, {
      publish: missing,
    });
  }
  if (row.status === "active") return toEventJson(row);
  return updateEvent(deps, row, undefined, {
    status: "active",
    publishedAt: deps.clock.now().toISOString(),
  });
}
