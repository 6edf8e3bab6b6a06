/** Hosting steps 1 and 2 and publishing (SPEC §7 /event/create); step 3 is in `event-step3.ts`. */
import { EVENT_NUMBER_PATTERN } from "#server/contracts/constants";
import { NUMBER_TAKEN, step1Schema, step2Schema } from "#server/contracts/event";
import type { EventData } from "#server/contracts/event-shape";
import { TEAM_MESSAGES } from "#server/contracts/team";
import { isUniqueViolation } from "#server/db/connect";
import type { EventRow, EventUpdate, UserRow } from "#server/db/schema";
import type { Deps } from "#server/lib/deps";
import { badRequest, conflict, forbidden, parseBody } from "#server/lib/errors";
import { type RawBody, normaliseBody } from "./event-body";
import { basicColumns, registrationColumns } from "./event-columns";
import { placeholdersIn } from "./event-content";
import { eventJson } from "./event-json";
import { checkVersion, type EventDeps, findEvent, updateEvent } from "./event-store";
import { checkDraftQuota } from "./draft-quota";
import { sanitizeAbout } from "./sanitize";
import { pendingKeyFor } from "#server/services/uploads/pending-uploads";
import { fileField, storeImage } from "#server/services/uploads/uploads";
import { can, requireRight, roleOn } from "#server/services/team/permissions";
import { orgOfStep1 } from "#server/services/orgs/event-org";

/**
 * Step 1: the first save of a number creates the draft, owned by the caller; later saves update it.
 * A number held by someone else's event is refused with 409 and nothing changes.
 */
export async function saveStep1(
  deps: EventDeps & Pick<Deps, "config">,
  user: UserRow,
  eventNumber: string,
  body: RawBody,
): Promise<EventData> {
  if (!EVENT_NUMBER_PATTERN.test(eventNumber))
    throw badRequest("The event number must be 5 to 9 digits");
  const row = await findEvent(deps, eventNumber);
  // The owner and admins save an existing event; a judge or volunteer is refused (SPEC-3 §1);
  // anyone else finds the number taken and creates their event under another.
  const role = row ? await roleOn(deps.db, row, user.id) : null;
  if (row && role && !can(role, "event.edit")) throw forbidden(TEAM_MESSAGES.roleForbidden);
  if (row && !can(role, "event.edit")) throw conflict(NUMBER_TAKEN);
  const access = row && role ? { event: row, user, role } : null;
  // SPEC-4 §4: `orgHandle` (its admins only), whose name becomes the organisation name.
  const hosted = await orgOfStep1(deps.db, user, row, body);
  // A logo kept from a refused submission (`eventLogoPending`) counts as picked.
  const keptLogo = await pendingKeyFor(deps, user, hosted.body, "logo");
  const input = parseBody(
    step1Schema({
      hasLogo: !!row?.eventLogo || !!keptLogo,
      websiteMode: row?.registrationMode === "website",
    }),
    normaliseBody(hosted.body),
  );
  if (!row) await checkDraftQuota(deps, user.id);
  if (row) checkVersion(row, input.version);
  const logo = fileField(input.eventLogo)
    ? await storeImage(deps, input.eventLogo!, "logo")
    : (keptLogo ?? undefined);
  const columns: EventUpdate = {
    ...basicColumns(input),
    aboutEvent:
      input.aboutEvent === undefined
        ? (row?.aboutEvent ?? null)
        : sanitizeAbout(input.aboutEvent) || null,
    ...(logo ? { eventLogo: logo } : {}),
    ...hosted.columns,
  };
  if (row && access)
    return updateEvent(deps, row, input.version, columns, {
      access,
      action: "event.saved",
      says: "saved step 1 (basic details)",
    });
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
      })
      .execute();
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(NUMBER_TAKEN);
    throw err;
  }
  return eventJson(deps.db, (await findEvent(deps, eventNumber))!);
}

export async function saveStep2(
  deps: EventDeps,
  user: UserRow,
  eventNumber: string,
  body: RawBody,
): Promise<EventData> {
  const access = await requireRight(deps, user, eventNumber, "event.edit");
  const row = access.event;
  const input = parseBody(
    step2Schema({ hasWebsite: !!row.eventWebsite, savedMode: row.registrationMode }),
    normaliseBody(body),
  );
  checkVersion(row, input.version);
  return updateEvent(
    deps,
    row,
    input.version,
    { ...registrationColumns(input), contactDetails: JSON.stringify(input.contactDetails) },
    { access, action: "event.saved", says: "saved step 2 (registration)" },
  );
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

/**
 * What a draft must not go out with, each naming the panel that fixes it: the About template's
 * placeholders left in, or a registration that has already closed.
 */
export function publishProblems(row: EventRow, now: Date): string[] {
  const problems: string[] = [];
  const left = placeholdersIn(row.aboutEvent);
  if (left.length)
    problems.push(
      `The About still has the template's placeholders ${left.join(", ")}: replace them in the About Event panel (step 3)`,
    );
  if (row.endDate && row.endDate <= now.toISOString())
    problems.push(
      "The registration end date has already passed: choose a later one in the Basic Details & Registration panel (step 3)",
    );
  return problems;
}

/** Publishes the creator's event once every step has its required data; publishing again is harmless. */
export async function publishEvent(
  deps: EventDeps,
  user: UserRow,
  eventNumber: string,
): Promise<EventData> {
  const access = await requireRight(deps, user, eventNumber, "event.edit");
  const row = access.event;
  const missing = missingForPublish(row);
  // A published event pressed again stays published, whatever its dates say by now.
  const problems = row.status === "active" ? [] : publishProblems(row, deps.clock.now());
  if (missing.length || problems.length) {
    const parts = missing.length
      ? [`Please complete these before publishing: ${missing.join(", ")}`, ...problems]
      : problems;
    throw badRequest(parts.join(". "), { publish: [...missing, ...problems] });
  }
  if (row.status === "active") return eventJson(deps.db, row);
  return updateEvent(
    deps,
    row,
    undefined,
    { status: "active", publishedAt: deps.clock.now().toISOString() },
    { access, action: "event.published", says: "published the event" },
  );
}
