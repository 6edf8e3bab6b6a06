/**
 * The bank-statement import (SPEC-4 §3): each credit line, in file order, through the spec's rules
 * 0-5, a chunk of lines per transaction. A line and what it did (a payment made paid, its receipt
 * number) commit together, so an import cut short leaves whole chunks, and the next import of the
 * file finds those lines already there (rule 0, a unique key per event) and completes the rest.
 */
import { createHash, randomBytes } from "node:crypto";
import {
  CONFIRM_MESSAGES as C,
  type ImportPreviewData,
  type ImportResultData,
  importColumnsSchema,
  assignSchema,
  type OrganiserPaymentData,
  type StatementLineData,
} from "#server/contracts/payments-confirm";
import { PAYMENT_MESSAGES as M, REFERENCE_PREFIX, rupees } from "#server/contracts/payments";
import { JOIN_CODE_ALPHABET } from "#server/contracts/registration-fields";
import { dropEmpty } from "#server/contracts/user";
import { type Db, isPostgres } from "#server/db/connect";
import { constraintViolation } from "#server/db/errors";
import { retryingRaces } from "#server/db/retry";
import type {
  EventRow,
  PaymentRow,
  PaymentStatus,
  StatementLinesTable,
  StatementOutcome,
  UserRow,
} from "#server/db/schema";
import { type Insertable, sql } from "kysely";
import { newId } from "#server/lib/crypto";
import { ApiError, badRequest, conflict, notFound, parseBody } from "#server/lib/errors";
import { fileField, readStatementUpload, storeStatement } from "#server/services/uploads/uploads";
import { recordActivity } from "#server/services/team/activity";
import { type Access, requireRight } from "#server/services/team/permissions";
import { type ConfirmDeps, movePaid, payInOwnTransaction, paymentIn, settlePaid } from "./confirm";
import { organiserPayment } from "./payments-list";
import {
  readStatement,
  readStatementPreview,
  STATEMENT_MAX_BYTES,
  STATEMENT_MAX_LINES,
  STATEMENT_MESSAGES,
  type StatementColumns,
  type StatementCounts,
  type StatementLine,
  utrCandidates,
} from "./statement-csv";

type ImportDeps = ConfirmDeps & Pick<import("#server/lib/deps").Deps, "storage">;

/** Lines per transaction: small enough to keep locks short, large enough to be quick. */
export const IMPORT_CHUNK = 500;
/** Lines per insert statement: a whole chunk (10 values a line, well under both engines' limits). */
const INSERT_BATCH = IMPORT_CHUNK;

/**
 * Ids for a chunk's new lines (24 hex characters, as `newId`): 16 random hex characters drawn once
 * for the chunk, then a counter. One draw instead of one per line, and a chunk's ids sit side by
 * side in the primary key's index, so its insert dirties a few pages instead of one per line.
 */
function lineIds(): () => string {
  const prefix = randomBytes(8).toString("hex");
  let k = 0;
  return () => prefix + (k++).toString(16).padStart(8, "0");
}

const fileRefused = () => badRequest(STATEMENT_MESSAGES.file, { file: [STATEMENT_MESSAGES.file] });

async function fileBytes(value: unknown): Promise<Uint8Array | null> {
  const raw = Array.isArray(value) ? value.at(-1) : value;
  const file = fileField(raw);
  if (!file) return null;
  if (file.size > STATEMENT_MAX_BYTES) throw fileRefused();
  return new Uint8Array(await file.arrayBuffer());
}

/** POST /event/{n}/payments/import/preview (multipart `file`): kept, with its columns and 3 rows. */
export async function previewStatement(
  deps: ImportDeps,
  user: UserRow | null,
  eventNumber: string,
  readBody: () => Promise<Record<string, unknown>>,
): Promise<ImportPreviewData> {
  await requireRight(deps, user, eventNumber, "organise");
  const bytes = await fileBytes((await readBody()).file);
  if (!bytes) throw fileRefused();
  const { columns, sample } = await readStatementPreview(bytes);
  const fileKey = await storeStatement(deps, bytes);
  return { fileKey, columns, sample };
}

/**
 * POST /event/{n}/payments/import: multipart `file` (or `fileKey` from the preview) and the names
 * of the columns.
 */
export async function importStatement(
  deps: ImportDeps,
  user: UserRow | null,
  eventNumber: string,
  readBody: () => Promise<Record<string, unknown>>,
): Promise<ImportResultData> {
  const access = await requireRight(deps, user, eventNumber, "organise");
  const body = await readBody();
  const { file, ...fields } = body;
  const input = parseBody(importColumnsSchema, dropEmpty(fields));
  let bytes = await fileBytes(file);
  if (!bytes && input.fileKey) {
    bytes = await readStatementUpload(deps, input.fileKey);
    if (!bytes) throw badRequest(C.fileKeyInvalid, { file: [C.fileKeyInvalid] });
  }
  if (!bytes) throw fileRefused();
  return importStatementBytes(deps, access, bytes, input);
}

/** The import itself, for a statement's bytes already in hand (the route, the bench, tests). */
export async function importStatementBytes(
  deps: ConfirmDeps,
  access: Pick<Access, "event" | "user" | "role">,
  bytes: Uint8Array,
  columns: StatementColumns,
  onChunk?: (done: number) => void,
): Promise<ImportResultData> {
  // A file whose every line is refused must change nothing: when its line breaks say it may be
  // over the limit, it is read through once before any line is written.
  let breaks = 0;
  for (const b of bytes) if (b === 10) breaks++;
  if (breaks > STATEMENT_MAX_LINES + 1) {
    const check = readStatement(bytes, columns);
    while (!(await check.next()).done) {}
  }
  const result: ImportResultData = {
    lines: 0,
    credits: 0,
    matched: 0,
    alreadyPaid: 0,
    duplicates: 0,
    mismatched: [],
    unmatched: [],
  };
  const reader = readStatement(bytes, columns);
  let chunk: StatementLine[] = [];
  let counts: StatementCounts;
  let done = 0;
  const flush = async () => {
    let rest = chunk;
    while (rest.length) rest = await importLines(deps, access.event, rest, result);
    done += chunk.length;
    chunk = [];
    onChunk?.(done);
  };
  for (;;) {
    const next = await reader.next();
    if (next.done) {
      counts = next.value;
      break;
    }
    chunk.push(next.value);
    if (chunk.length >= IMPORT_CHUNK) await flush();
  }
  await flush();
  result.lines = counts.lines;
  result.credits = counts.credits;
  await deps.db
    .transaction()
    .execute((trx) =>
      recordActivity(
        trx,
        deps,
        access,
        "payments.imported",
        `imported a bank statement: ${result.lines} lines, ${result.credits} credits, ${result.matched} matched, ${result.alreadyPaid} already paid, ${result.duplicates} duplicates, ${result.mismatched.length} mismatched, ${result.unmatched.length} unmatched`,
      ),
    );
  return result;
}

/** A line's key: its date, amount and narration (rule 0). */
function lineKey(date: string, paise: number, narration: string): string {
  return createHash("sha256")
    .update(`${date}\u0000${paise}\u0000${narration}`)
    .digest("hex")
    .slice(0, 40);
}

const REFERENCE_TAIL = new RegExp(`^[${JOIN_CODE_ALPHABET}]{6}$`);

/** Every payment reference a line names (its narration or reference; any case, spaces ignored). */
export function referenceCandidates(...texts: string[]): string[] {
  const found = new Set<string>();
  for (const text of texts) {
    const s = text.replace(/\s+/g, "").toUpperCase();
    for (let i = s.indexOf(REFERENCE_PREFIX); i >= 0; i = s.indexOf(REFERENCE_PREFIX, i + 1)) {
      const tail = s.slice(i + 2, i + 8);
      if (REFERENCE_TAIL.test(tail)) found.add(REFERENCE_PREFIX + tail);
    }
  }
  return [...found];
}

export function lineJson(l: { id: string; date: string; paise: number; narration: string }) {
  return { _id: l.id, date: l.date, amount: l.paise / 100, narration: l.narration };
}

/** Thrown inside a chunk's transaction when a payment moved since the chunk read it: run it again. */
class ChunkRaced extends Error {
  raced = true;
}

const MATCHABLE: PaymentStatus[] = ["pending", "claimed", "expired"];
const RECEIVED: PaymentStatus[] = ["paid", "refund-due", "refunded"];

interface Planned {
  line: StatementLine;
  id: string;
  key: string;
  date: string;
  outcome: StatementOutcome | "duplicate";
  paymentId: string | null;
}

/**
 * Imports lines from the start of `lines` in one transaction, up to a line that would take an
 * expired payment's place again (rule 4), which goes alone in its own; answers the lines left.
 */
async function importLines(
  deps: ConfirmDeps,
  event: EventRow,
  lines: StatementLine[],
  result: ImportResultData,
): Promise<StatementLine[]> {
  const now = deps.clock.now().toISOString();
  const outcome = await retryingRaces(() =>
    deps.db.transaction().execute(async (trx) => {
      const planned: Planned[] = lines.map((line) => {
        const date = line.date ?? line.dateText;
        return {
          line,
          id: "",
          key: lineKey(date, line.paise, line.narration),
          date,
          outcome: "unmatched",
          paymentId: null,
        };
      });
      // Rule 0: imported before, or earlier in this file.
      const known = new Set(
        (
          await trx
            .selectFrom("statementLines")
            .select("lineKey")
            .where("eventId", "=", event.id)
            .where(
              "lineKey",
              "in",
              planned.map((p) => p.key),
            )
            .execute()
        ).map((r) => r.lineKey),
      );
      const utrs = new Map<Planned, string[]>();
      const refs = new Map<Planned, string[]>();
      const nextId = lineIds();
      for (const p of planned) {
        if (known.has(p.key)) {
          p.outcome = "duplicate";
          continue;
        }
        known.add(p.key);
        p.id = nextId();
        utrs.set(p, utrCandidates(p.line.narration, p.line.reference));
        refs.set(p, referenceCandidates(p.line.narration, p.line.reference));
      }
      const allUtrs = [...new Set([...utrs.values()].flat())];
      const allRefs = [...new Set([...refs.values()].flat())];
      const payments =
        allUtrs.length || allRefs.length
          ? await trx
              .selectFrom("payments")
              .selectAll()
              .where("eventId", "=", event.id)
              .where((eb) =>
                eb.or([
                  ...(allUtrs.length ? [eb("utr", "in", allUtrs)] : []),
                  ...(allRefs.length ? [eb("reference", "in", allRefs)] : []),
                ]),
              )
              .execute()
          : [];
      const byUtr = new Map<string, PaymentRow[]>();
      const byRef = new Map<string, PaymentRow>();
      for (const p of payments) {
        if (p.utr) byUtr.set(p.utr, [...(byUtr.get(p.utr) ?? []), p]);
        byRef.set(p.reference, p);
      }
      const moves: { payment: PaymentRow; from: PaymentStatus; utr: string | null }[] = [];
      let stopAt = planned.length;
      let retake: { line: StatementLine; payment: PaymentRow; utr: string | null } | null = null;
      for (const [i, p] of planned.entries()) {
        if (p.outcome === "duplicate") continue;
        const lineUtrs = utrs.get(p) ?? [];
        const lineRefs = refs.get(p) ?? [];
        // Rule 1: a claimed payment with one of the line's UTRs.
        const byClaim = lineUtrs
          .flatMap((u) => byUtr.get(u) ?? [])
          .find((x) => x.status === "claimed");
        if (byClaim) {
          if (byClaim.amount * 100 !== p.line.paise) {
            p.outcome = "mismatched";
            continue;
          }
          moves.push({ payment: byClaim, from: "claimed", utr: null });
          byClaim.status = "paid";
          p.outcome = "matched";
          p.paymentId = byClaim.id;
          continue;
        }
        // Rule 2: a payment the line names by its reference, for the same amount.
        const byReference = lineRefs
          .map((r) => byRef.get(r))
          .find((x) => x && MATCHABLE.includes(x.status) && x.amount * 100 === p.line.paise);
        if (byReference) {
          const utr = await freeUtr(trx, byReference, lineUtrs);
          if (byReference.status === "expired") {
            // Rule 4 goes alone: taking the place again may be refused, and then the line
            // makes the payment "refund-due" instead.
            stopAt = i;
            retake = { line: p.line, payment: byReference, utr };
            break;
          }
          moves.push({ payment: byReference, from: byReference.status, utr });
          byReference.status = "paid";
          if (utr) {
            byReference.utr = utr;
            byUtr.set(utr, [...(byUtr.get(utr) ?? []), byReference]);
          }
          p.outcome = "matched";
          p.paymentId = byReference.id;
          continue;
        }
        // Rule 3: it names a payment whose money came already.
        const named = [
          ...lineUtrs.flatMap((u) => byUtr.get(u) ?? []),
          ...lineRefs.flatMap((r) => byRef.get(r) ?? []),
        ];
        if (named.some((x) => RECEIVED.includes(x.status))) {
          p.outcome = "alreadyPaid";
          continue;
        }
        // Rule 5: kept for the organiser to assign.
        p.outcome = "unmatched";
      }
      const paid = await applyMoves(trx, moves, now);
      const taken = planned.slice(0, stopAt);
      const fresh = taken.filter((p) => p.outcome !== "duplicate");
      for (let i = 0; i < fresh.length; i += INSERT_BATCH) {
        const batch = fresh.slice(i, i + INSERT_BATCH);
        const inserted = await insertNewLines(
          trx,
          batch.map((p) => ({
            id: p.id,
            eventId: event.id,
            lineKey: p.key,
            date: p.date,
            paise: p.line.paise,
            narration: p.line.narration,
            reference: p.line.reference,
            outcome: p.outcome as StatementOutcome,
            paymentId: p.paymentId,
            importedAt: now,
          })),
        );
        // Another import wrote one of these lines since this one looked: read it all again.
        if (inserted !== batch.length) throw new ChunkRaced();
      }
      await settlePaid(trx, deps, event, paid);
      return { taken, retake, rest: lines.slice(stopAt + (retake ? 1 : 0)) };
    }),
  );
  for (const p of outcome.taken) count(result, p.outcome, p);
  if (outcome.taken.some((p) => p.outcome === "matched")) deps.mail.poke();
  if (outcome.retake) {
    const { line, payment, utr } = outcome.retake;
    const again = await retakeLine(deps, event, line, payment, utr, result);
    if (!again) return [line, ...outcome.rest];
  }
  return outcome.rest;
}

type NewLine = Insertable<StatementLinesTable>;
const LINE_COLUMNS = [
  "id",
  "eventId",
  "lineKey",
  "date",
  "paise",
  "narration",
  "reference",
  "outcome",
  "paymentId",
  "importedAt",
] as const;
const PG_TYPES: Record<(typeof LINE_COLUMNS)[number], string> = {
  id: "text",
  eventId: "integer",
  lineKey: "text",
  date: "text",
  paise: "integer",
  narration: "text",
  reference: "text",
  outcome: "text",
  paymentId: "text",
  importedAt: "text",
};

/**
 * Inserts lines unless their key is there already (rule 0); answers how many went in. PostgreSQL
 * takes the lines as one array per column (`unnest`): ten parameters instead of ten a line, which
 * it parses and plans far quicker than a statement with thousands.
 */
async function insertNewLines(trx: Db, rows: NewLine[]): Promise<number> {
  if (!isPostgres(trx)) {
    const inserted = await trx
      .insertInto("statementLines")
      .values(rows)
      .onConflict((oc) => oc.columns(["eventId", "lineKey"]).doNothing())
      .returning("id")
      .execute();
    return inserted.length;
  }
  const arrays = LINE_COLUMNS.map(
    (c) => sql`${rows.map((r) => r[c] ?? null)}::${sql.raw(PG_TYPES[c])}[]`,
  );
  const { rows: inserted } = await sql<{ id: string }>`
    insert into "statementLines" (${sql.join(LINE_COLUMNS.map((c) => sql.ref(c)))})
    select * from unnest(${sql.join(arrays)})
    on conflict ("eventId", "lineKey") do nothing
    returning "id"`.execute(trx);
  return inserted.length;
}

/**
 * The chunk's payments made paid, as decided, in that order: guarded updates from the state each
 * was read in, one statement per state (one each where the line gives a UTR). Any payment moved
 * meanwhile, or a UTR taken meanwhile by a claim, and the chunk is read and decided again.
 */
async function applyMoves(
  trx: Db,
  moves: { payment: PaymentRow; from: PaymentStatus; utr: string | null }[],
  now: string,
): Promise<PaymentRow[]> {
  const moved = new Map<string, PaymentRow>();
  for (const from of new Set(moves.filter((m) => !m.utr).map((m) => m.from))) {
    const ids = moves.filter((m) => !m.utr && m.from === from).map((m) => m.payment.id);
    for (let i = 0; i < ids.length; i += 400) {
      const part = ids.slice(i, i + 400);
      const rows = await trx
        .updateTable("payments")
        .set({ status: "paid", paidAt: now, updatedAt: now })
        .where("id", "in", part)
        .where("status", "=", from)
        .returningAll()
        .execute();
      if (rows.length !== part.length) throw new ChunkRaced();
      for (const r of rows) moved.set(r.id, r);
    }
  }
  for (const m of moves.filter((x) => x.utr)) {
    const row = await movePaid(trx, m.payment.id, m.from, now, m.utr).catch((err) => {
      if (constraintViolation(err)?.kind === "unique") throw new ChunkRaced();
      throw err;
    });
    if (!row) throw new ChunkRaced();
    moved.set(row.id, row);
  }
  return moves.map((m) => moved.get(m.payment.id) as PaymentRow);
}

function count(
  result: ImportResultData,
  outcome: StatementOutcome | "duplicate",
  p: { id: string; date: string; line: { paise: number; narration: string } },
) {
  const json = () => lineJson({ id: p.id, date: p.date, ...p.line });
  if (outcome === "duplicate") result.duplicates++;
  else if (outcome === "matched") result.matched++;
  else if (outcome === "alreadyPaid") result.alreadyPaid++;
  else if (outcome === "mismatched") result.mismatched.push(json());
  else if (outcome === "unmatched") result.unmatched.push(json());
}

/** The first of a line's UTRs no other payment to the same UPI ID holds (one UTR, one payment). */
async function freeUtr(db: Db, payment: PaymentRow, utrs: string[]): Promise<string | null> {
  if (!utrs.length) return null;
  const used = new Set(
    (
      await db
        .selectFrom("payments")
        .select("utr")
        .where("upiId", "=", payment.upiId)
        .where("utr", "in", utrs)
        .where("id", "!=", payment.id)
        .execute()
    ).map((r) => r.utr),
  );
  return utrs.find((u) => !used.has(u)) ?? null;
}

/**
 * Rule 4, one line in its own transaction: the expired payment takes its place again and is paid,
 * or, with no room or registration closed, becomes "refund-due". Answers false when the payment
 * moved meanwhile (the caller runs the line through the rules again).
 */
async function retakeLine(
  deps: ConfirmDeps,
  event: EventRow,
  line: StatementLine,
  payment: PaymentRow,
  utr: string | null,
  result: ImportResultData,
): Promise<boolean> {
  const now = deps.clock.now().toISOString();
  const date = line.date ?? line.dateText;
  const row = {
    id: newId(),
    eventId: event.id,
    lineKey: lineKey(date, line.paise, line.narration),
    date,
    paise: line.paise,
    narration: line.narration,
    reference: line.reference,
    outcome: "matched" as const,
    paymentId: payment.id,
    importedAt: now,
  };
  const planned = { id: row.id, date, line };
  const insertLine = async (trx: Db) => {
    const inserted = await trx
      .insertInto("statementLines")
      .values(row)
      .onConflict((oc) => oc.columns(["eventId", "lineKey"]).doNothing())
      .returning("id")
      .executeTakeFirst();
    if (!inserted) throw new LineDuplicate();
  };
  try {
    const paid = await payInOwnTransaction(deps, event, payment, { utr, alongside: insertLine });
    if (!paid) return false;
    count(result, "matched", planned);
    return true;
  } catch (err) {
    if (err instanceof LineDuplicate) {
      count(result, "duplicate", planned);
      return true;
    }
    if (!(err instanceof ApiError)) throw err;
  }
  try {
    const moved = await retryingRaces(() =>
      deps.db.transaction().execute(async (trx) => {
        const changed = await trx
          .updateTable("payments")
          .set({ status: "refund-due", updatedAt: now })
          .where("id", "=", payment.id)
          .where("status", "=", payment.status)
          .executeTakeFirst();
        if (Number(changed.numUpdatedRows) === 0) return false;
        await insertLine(trx);
        return true;
      }),
    );
    if (!moved) return false;
    count(result, "matched", planned);
  } catch (err) {
    if (!(err instanceof LineDuplicate)) throw err;
    count(result, "duplicate", planned);
  }
  return true;
}

class LineDuplicate extends Error {}

/** GET /event/{n}/payments/lines?kind=unmatched|mismatched: lines still waiting to be assigned. */
export async function listStatementLines(
  deps: Pick<ConfirmDeps, "db">,
  user: UserRow | null,
  eventNumber: string,
  kind: string | undefined,
): Promise<StatementLineData[]> {
  const { event } = await requireRight(deps, user, eventNumber, "organise");
  const kinds: StatementOutcome[] =
    kind === "unmatched" || kind === "mismatched" ? [kind] : ["unmatched", "mismatched"];
  const rows = await deps.db
    .selectFrom("statementLines")
    .select(["id", "date", "paise", "narration"])
    .where("eventId", "=", event.id)
    .where("outcome", "in", kinds)
    .orderBy("importedAt", "desc")
    .orderBy("date", "desc")
    .limit(5000)
    .execute();
  return rows.map(lineJson);
}

/**
 * POST /event/{n}/payments/lines/{lineId}/assign `paymentId`: an unmatched (or mismatched) line
 * pays the payment the organiser picks, if the amounts agree (rule 1's check); an expired or
 * rejected payment takes its place again, or becomes "refund-due" (rule 4).
 */
export async function assignLine(
  deps: ConfirmDeps,
  user: UserRow | null,
  eventNumber: string,
  lineId: string,
  readBody: () => Promise<Record<string, unknown>>,
): Promise<OrganiserPaymentData> {
  const access = await requireRight(deps, user, eventNumber, "organise");
  const { event } = access;
  const line = await deps.db
    .selectFrom("statementLines")
    .selectAll()
    .where("id", "=", lineId)
    .where("eventId", "=", event.id)
    .executeTakeFirst();
  if (!line) throw notFound(C.lineNotFound);
  const { paymentId } = parseBody(assignSchema, dropEmpty(await readBody()));
  const payment = await paymentIn(deps.db, event, paymentId);
  if (line.outcome !== "unmatched" && line.outcome !== "mismatched")
    throw conflict(C.lineAlreadyUsed);
  if (payment.amount * 100 !== line.paise)
    throw conflict(C.amountMismatch(line.paise / 100, payment.amount));
  if (payment.status === "paid") throw conflict(M.alreadyConfirmed);
  if (payment.status === "refund-due" || payment.status === "refunded") throw conflict(M.refunded);
  const utr = await freeUtr(deps.db, payment, utrCandidates(line.narration, line.reference));
  const takeLine = async (trx: Db) => {
    const used = await trx
      .updateTable("statementLines")
      .set({ outcome: "assigned", paymentId: payment.id })
      .where("id", "=", line.id)
      .where("outcome", "in", ["unmatched", "mismatched"])
      .executeTakeFirst();
    if (Number(used.numUpdatedRows) === 0) throw conflict(C.lineAlreadyUsed);
  };
  const log = (trx: Db, p: PaymentRow, what: string) =>
    recordActivity(
      trx,
      deps,
      access,
      "payment.confirmed",
      `${what} the payment ${p.reference} (${rupees(p.amount)}) with a statement line of ${line.date}`,
    );
  try {
    const paid = await payInOwnTransaction(deps, event, payment, {
      utr,
      alongside: async (trx, p) => {
        await takeLine(trx);
        await log(trx, p, `confirmed (receipt ${p.receiptNumber})`);
      },
    });
    if (!paid) throw conflict(C.cannotAssign);
    return organiserPayment(deps.db, paid.id);
  } catch (err) {
    const released = payment.status === "expired" || payment.status === "rejected";
    if (!(err instanceof ApiError) || !released || err.message === C.lineAlreadyUsed) throw err;
  }
  // Rule 4: the place cannot be taken again; the money is owed back.
  const now = deps.clock.now().toISOString();
  const moved = await retryingRaces(() =>
    deps.db.transaction().execute(async (trx) => {
      const changed = await trx
        .updateTable("payments")
        .set({ status: "refund-due", updatedAt: now })
        .where("id", "=", payment.id)
        .where("status", "=", payment.status)
        .returningAll()
        .executeTakeFirst();
      if (!changed) return false;
      await takeLine(trx);
      await log(trx, changed, "matched (to refund: no place)");
      return true;
    }),
  );
  if (!moved) throw conflict(C.cannotAssign);
  return organiserPayment(deps.db, payment.id);
}
