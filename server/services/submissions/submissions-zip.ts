/**
 * The ZIP of a round's submissions (SPEC-3 §2), streamed: `submissions.csv` (one row per
 * submission, with its description; cells guarded against formulas as in SPEC-2's CSV), then one
 * folder per submission holding its file. Rows are read in keyset batches and each file is read only once the one
 * before it has gone into the archive, so memory stays flat whatever the round's size.
 */
import { once } from "node:events";
import { Readable } from "node:stream";
import { ZipArchive } from "archiver";
import { stringify } from "csv-stringify";
import type { UserRow } from "#server/db/schema";
import type { Deps } from "#server/lib/deps";
import { defuse } from "#server/services/organiser/registrations-list";
import { roundOfKind } from "#server/services/rounds/participation";
import { requireRight } from "#server/services/team/permissions";
import type { Storage } from "#server/storage/storage";
import { entrantName, type SubmissionJoined, submissionQuery } from "./submission-read";

const BATCH = 200;
export const ZIP_CSV_HEADER = [
  "Name",
  "Title",
  "Description",
  "Links",
  "File",
  "Submitted at (UTC)",
  "Updated at (UTC)",
  "Version",
];

/** A folder or file name safe in any unzip tool: no separators or control characters. */
function safeName(name: string, fallback: string): string {
  const clean = name
    .replace(/[\u0000-\u001f\u007f/\\:*?"<>|]/g, " ")
    .replace(/\s+/g, " ")
    .replace(/^[.\s]+|[.\s]+$/g, "")
    .slice(0, 80);
  return clean || fallback;
}

/** "001 Team Rocket": numbered in submission order, so two entrants of one name stay apart. */
export function folderOf(position: number, row: SubmissionJoined): string {
  return `${String(position).padStart(3, "0")} ${safeName(entrantName(row), "submission")}`;
}

function csvRow(row: SubmissionJoined): string[] {
  let links: string[] = [];
  try {
    links = JSON.parse(row.links);
  } catch {}
  return [
    entrantName(row),
    row.title,
    row.description,
    links.join(" "),
    row.fileName ?? "",
    row.submittedAt,
    row.updatedAt,
    String(row.version),
  ].map(defuse);
}

/** A stored file as the archive reads it: streamed in small chunks where the store can. */
async function fileSource(storage: Storage, key: string): Promise<Readable | Buffer | null> {
  if (storage.stream && (await storage.exists(key))) return storage.stream(key);
  const bytes = await storage.get(key);
  // A view of the bytes read, not a copy.
  return bytes ? Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) : null;
}

export async function submissionsZip(
  deps: Pick<Deps, "db" | "storage">,
  user: UserRow | null,
  eventNumber: string,
  indexParam: string,
): Promise<{ stream: ReadableStream<Uint8Array>; filename: string }> {
  const { event } = await requireRight(deps, user, eventNumber, "submissions");
  const { index, round } = roundOfKind(event, indexParam, "submission");

  async function* batches() {
    let after: { submittedAt: string; id: string } | null = null;
    for (;;) {
      let query = submissionQuery(deps.db, event.id, round._id);
      if (after) {
        const { submittedAt, id } = after;
        query = query.where((eb) =>
          eb.or([
            eb("s.submittedAt", ">", submittedAt),
            eb.and([eb("s.submittedAt", "=", submittedAt), eb("s.id", ">", id)]),
          ]),
        );
      }
      const rows = await query.orderBy("s.submittedAt").orderBy("s.id").limit(BATCH).execute();
      if (rows.length) yield rows;
      if (rows.length < BATCH) return;
      const last = rows[rows.length - 1]!;
      after = { submittedAt: last.submittedAt, id: last.id };
    }
  }
  async function* csvRows() {
    for await (const rows of batches()) for (const row of rows) yield csvRow(row);
  }

  // Stored entries: the files are PDFs, PPTX and ZIPs, already compressed.
  const archive = new ZipArchive({ store: true });
  const added = async (source: Buffer | Readable, name: string) => {
    const entry = once(archive, "entry");
    archive.append(source, { name });
    await entry;
  };
  const fill = async () => {
    await added(
      Readable.from(csvRows()).pipe(
        stringify({ bom: true, header: true, columns: ZIP_CSV_HEADER }),
      ),
      "submissions.csv",
    );
    let position = 0;
    for await (const rows of batches()) {
      for (const row of rows) {
        position += 1;
        const folder = folderOf(position, row);
        const name = `${folder}/${safeName(row.fileName ?? "", "file")}`;
        const source = row.fileKey ? await fileSource(deps.storage, row.fileKey) : null;
        if (source && row.fileName) await added(source, name);
        else await added(Buffer.alloc(0), `${folder}/`);
      }
    }
    await archive.finalize();
  };
  fill().catch((err) => archive.destroy(err instanceof Error ? err : new Error(String(err))));
  return {
    // One chunk waits for the client at a time: the archive itself holds the rest back.
    stream: Readable.toWeb(archive, {
      strategy: { highWaterMark: 1 },
    }) as unknown as ReadableStream<Uint8Array>,
    filename: `utsav-${event.eventNumber}-round-${index + 1}-submissions.zip`,
  };
}
