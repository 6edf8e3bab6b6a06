/**
 * Step 3 of hosting: one save per section (SPEC §7 /event/create/{n}/step3/{endpoint}). The
 * sections, their endpoints and schemas come from `STEP3_SECTIONS` (the contract); this file says
 * only how each section's valid input becomes columns.
 */
import type { EventData } from "#server/contracts/event-shape";
import {
  savedDates,
  type Step3Input,
  type Step3Section,
  type Step3SectionId,
} from "#server/contracts/event-step3";
import type { EventRow, EventUpdate, UserRow } from "#server/db/schema";
import { parseBody } from "#server/lib/errors";
import { type RawBody, normaliseBody } from "./event-body";
import { basicColumns, iso, registrationColumns } from "./event-columns";
import { toEventJson } from "./event-json";
import { checkVersion, type EventDeps, updateEvent } from "./event-store";
import { requireRight } from "#server/services/team/permissions";
import { withRoundIds, roundsOf } from "#server/services/rounds/rounds";
import { checkStartedRounds } from "#server/services/rounds/started";
import { sanitizeAbout } from "./sanitize";
import { withOrgName } from "#server/services/orgs/event-org";
import { type PendingKind, pendingKeyFor } from "#server/services/uploads/pending-uploads";
import { storeDocument, storeImage } from "#server/services/uploads/uploads";

type Writer<Id extends Step3SectionId> = (
  deps: EventDeps,
  input: Step3Input<Id>,
  row: EventRow,
) => Promise<EventUpdate> | EventUpdate;

/** Each section's valid input as the columns it changes; files are stored first. */
const WRITERS: { [Id in Step3SectionId]: Writer<Id> } = {
  banner: async (deps, input) =>
    input.eventBanner ? { eventBanner: await storeImage(deps, input.eventBanner, "banner") } : {},
  basic: async (deps, input) => {
    const logo = input.eventLogo ? await storeImage(deps, input.eventLogo, "logo") : undefined;
    return {
      ...basicColumns(input),
      ...registrationColumns(input),
      ...(logo ? { eventLogo: logo } : {}),
    };
  },
  about: (_, input) => ({ aboutEvent: sanitizeAbout(input.aboutEvent) || null }),
  dates: async (deps, input) => {
    const brochure = input.eventBrochure
      ? await storeDocument(deps, input.eventBrochure, "brochure")
      : undefined;
    return {
      importantDates: JSON.stringify(
        input.importantDates.map((d) => ({ dateTitle: d.dateTitle, date: iso(d.date) })),
      ),
      contactDetails: JSON.stringify(input.contactDetails),
      eventBrochureTitle: input.eventBrochureTitle ?? null,
      ...(brochure ? { eventBrochure: brochure } : {}),
    };
  },
  rounds: async (deps, input, row) => {
    const rounds = withRoundIds(roundsOf(row), input.rounds).map((r) => ({
      ...r,
      startDate: iso(r.startDate),
      endDate: iso(r.endDate),
      requireFile: r.kind === "submission" && r.requireFile,
      requireLink: r.kind === "submission" && r.requireLink,
    }));
    // SPEC-3 §2: a started round keeps its place and kind (409 otherwise).
    await checkStartedRounds(deps.db, row.id, roundsOf(row), rounds);
    return { rounds: JSON.stringify(rounds) };
  },
  prizes: (_, input) => {
    const prizes = [...input.prizes].sort((a, b) => a.rank - b.rank);
    const first = prizes.find((p) => p.rank === 1);
    return { prizes: JSON.stringify(prizes), firstPrize: first ? first.cashAmount : null };
  },
};

/** The sections with a file, the kind of pending upload that may stand in for it, its column. */
const KEPT: Partial<
  Record<
    Step3SectionId,
    { kind: PendingKind; column: "eventBanner" | "eventLogo" | "eventBrochure" }
  >
> = {
  banner: { kind: "banner", column: "eventBanner" },
  basic: { kind: "logo", column: "eventLogo" },
  dates: { kind: "brochure", column: "eventBrochure" },
};

/** Saves one section of the creator's event; a stale `version` is 409 and nothing changes. */
export async function saveStep3(
  deps: EventDeps,
  user: UserRow,
  eventNumber: string,
  section: Step3Section,
  body: RawBody,
): Promise<EventData> {
  const access = await requireRight(deps, user, eventNumber, "event.edit");
  const row: EventRow = access.event;
  // A file kept from a refused submission (`{field}Pending`) stands in for a picked one.
  const keptFile = KEPT[section.id];
  const kept = keptFile ? await pendingKeyFor(deps, user, body, keptFile.kind) : null;
  const schema = section.schema({
    now: deps.clock.now(),
    hasBanner: !!row.eventBanner || (section.id === "banner" && !!kept),
    // Dates saved before pass the past-date rules unchanged: an event under way stays editable.
    saved: savedDates(section.id, toEventJson(row, null)),
  });
  // An organisation's event bears its name (SPEC-4 §4).
  const sent = section.id === "basic" ? await withOrgName(deps.db, row, body) : body;
  const input: Step3Input<Step3SectionId> = parseBody(schema, normaliseBody(sent));
  checkVersion(row, input.version);
  // The id picks the writer made for this section's schema; TypeScript cannot pair the two itself.
  const write = WRITERS[section.id] as Writer<Step3SectionId>;
  const columns = await write(deps, input, row);
  if (kept && keptFile && !columns[keptFile.column]) columns[keptFile.column] = kept;
  return updateEvent(deps, row, input.version, columns, {
    access,
    action: "event.saved",
    says: `saved step 3 (${section.title})`,
  });
}
