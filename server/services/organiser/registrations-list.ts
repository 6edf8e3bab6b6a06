import { Readable } from "node:stream";
import { stringify } from "csv-stringify";
import type { RegistrantItem, RegistrationList } from "#server/contracts/organiser";
import type { UserRow } from "#server/db/schema";
import type { Deps } from "#server/lib/deps";
import { requireRight } from "#server/services/team/permissions";
import {
  registrantBatches,
  registrantPage,
  registrationCounts,
} from "#server/services/registration/registration-data";

/** The registrants of an event, one item per person, a page at a time, `q` matching any column. */
export async function listRegistrants(
  deps: Pick<Deps, "db">,
  user: UserRow,
  eventNumber: string,
  options: { q: string; page: number; limit: number },
): Promise<RegistrationList> {
  const { event } = await requireRight(deps, user, eventNumber, "organise");
  const [counts, { items, total }] = await Promise.all([
    registrationCounts(deps.db, event.id, event.minTeam ?? 1),
    registrantPage(deps.db, event.id, {
      q: options.q,
      offset: (options.page - 1) * options.limit,
      limit: options.limit,
    }),
  ]);
  return { counts, items, total, page: options.page, limit: options.limit };
}

export const CSV_COLUMNS: { key: keyof RegistrantItem | "team"; header: string }[] = [
  { key: "firstName", header: "First name" },
  { key: "lastName", header: "Last name" },
  { key: "email", header: "E-mail" },
  { key: "phone", header: "Phone" },
  { key: "collegeName", header: "College" },
  { key: "course", header: "Course" },
  { key: "registeredAt", header: "Registered at (UTC)" },
  { key: "teamName", header: "Team" },
  { key: "isLeader", header: "Team leader" },
  { key: "registrationId", header: "Registration id" },
];

/**
 * A spreadsheet opens a cell that begins with =, +, -, @, tab or carriage return as a formula:
 * such cells are prefixed with ' (SPEC-2 §4), so a registrant's name cannot run in the organiser's sheet.
 */
export function defuse(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

function csvRow(item: RegistrantItem): string[] {
  return [
    item.firstName,
    item.lastName ?? "",
    item.email,
    item.phone,
    item.collegeName,
    item.course,
    item.registeredAt,
    item.teamName ?? "",
    item.teamName ? (item.isLeader ? "yes" : "no") : "",
    item.registrationId,
  ].map(defuse);
}

/**
 * Every registrant as CSV (UTF-8 with a byte-order mark, one row per person), streamed: rows are
 * read from the database a batch at a time as the client takes them, so memory stays flat.
 */
export async function registrantsCsv(
  deps: Pick<Deps, "db">,
  user: UserRow,
  eventNumber: string,
  q: string,
): Promise<{ stream: ReadableStream<Uint8Array>; filename: string }> {
  const { event } = await requireRight(deps, user, eventNumber, "organise");
  // SPEC-4: a paid event's CSV says whether each place is paid (or free): 'Paid' yes or no.
  const paid = event.fee > 0;
  async function* rows() {
    for await (const batch of registrantBatches(deps.db, event.id, q, 1000))
      for (const item of batch)
        yield paid ? [...csvRow(item), item.paymentPending ? "no" : "yes"] : csvRow(item);
  }
  const headers = CSV_COLUMNS.map((c) => c.header);
  const csv = Readable.from(rows()).pipe(
    stringify({ bom: true, header: true, columns: paid ? [...headers, "Paid"] : headers }),
  );
  return {
    stream: Readable.toWeb(csv) as unknown as ReadableStream<Uint8Array>,
    filename: `utsav-${event.eventNumber}-registrations.csv`,
  };
}
