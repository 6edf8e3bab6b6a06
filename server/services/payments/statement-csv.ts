import { Readable } from "node:stream";
import { parse } from "csv-parse";
import { badRequest } from "#server/lib/errors";

/**
 * Reading a bank statement (SPEC-4 §3): a CSV exported from a bank or a UPI business app, comma,
 * semicolon or tab separated, UTF-8 with or without a BOM. Only reading lives here (columns,
 * amounts, dates, candidate UTRs and references); matching lines to payments is the importer's.
 * Amounts are kept in paise, so a statement's `299.50` is exact and never equals a whole-rupee fee.
 */
export const STATEMENT_MAX_BYTES = 5 * 1024 * 1024;
export const STATEMENT_MAX_LINES = 50_000;

export const STATEMENT_MESSAGES = {
  file: "Choose a CSV file up to 5 MB",
  noColumn: (name: string) => `The file has no column named ${name}`,
  amounts: (name: string) => `Could not read the amounts in column ${name}`,
} as const;

export interface StatementColumns {
  dateColumn: string;
  amountColumn: string;
  narrationColumn: string;
  referenceColumn?: string | null;
}

/** A credit line of the statement, in file order. */
export interface StatementLine {
  /** 1 for the first data line after the header. */
  line: number;
  /** `YYYY-MM-DD`, or null when the cell is not a date in a known format. */
  date: string | null;
  /** The date cell as written, for lines whose date could not be read. */
  dateText: string;
  paise: number;
  narration: string;
  reference: string;
}

/** What a whole statement held besides its credits. */
export interface StatementCounts {
  /** Data lines after the header. */
  lines: number;
  credits: number;
  /** Lines whose amount cell read as a credit or a debit. */
  readable: number;
}

const DELIMITERS = [",", ";", "\t"] as const;

/** The delimiter of a CSV text: the one of comma, semicolon and tab most used in its first lines. */
export function detectDelimiter(text: string): "," | ";" | "\t" {
  const head = text.split(/\r?\n/, 20).join("\n");
  let best: (typeof DELIMITERS)[number] = ",";
  let most = 0;
  for (const d of DELIMITERS) {
    // Quoted text may hold any of them: count outside quotes only.
    const count = head.replace(/"[^"]*"/g, "").split(d).length - 1;
    if (count > most) {
      most = count;
      best = d;
    }
  }
  return best;
}

const AMOUNT = /^(\d+)(?:\.(\d{1,2}))?$/;

/**
 * An amount as Indian statements write it: `1,299.00`, `₹1,299`, `1299.00 CR`, `1,29,900.00`,
 * `Rs. 299`, `INR 299`; a debit is negative, in parentheses or marked DR. Null when it is not one.
 */
export function parseAmount(text: string): { paise: number; credit: boolean } | null {
  let t = text.trim().toUpperCase();
  if (!t) return null;
  let debit = false;
  const mark = /\s*\(?\b(CR|DR)\b\.?\)?\s*$|^\s*\b(CR|DR)\b\.?\s*/.exec(t);
  if (mark) {
    debit = (mark[1] ?? mark[2]) === "DR";
    t = t.slice(0, mark.index) + t.slice(mark.index + mark[0].length);
  }
  t = t.replace(/₹|\bINR\b|\bRS\b\.?/g, "").trim();
  // A space between digits is no grouping Indian statements use.
  if (/\d\s+\d/.test(t)) return null;
  t = t.replace(/\s+/g, "");
  if (/^\(.*\)$/.test(t)) {
    debit = true;
    t = t.slice(1, -1);
  }
  if (t.startsWith("-") || t.endsWith("-")) {
    debit = true;
    t = t.replace(/^-|-$/g, "");
  } else if (t.startsWith("+")) t = t.slice(1);
  // Digit groups of two or three (Indian or Western), or none.
  if (!/^\d{1,3}(,\d{2,3})*(\.\d+)?$|^\d+(\.\d+)?$/.test(t)) return null;
  const m = AMOUNT.exec(t.replace(/,/g, ""));
  if (!m) return null;
  const paise = Number(m[1]) * 100 + Number((m[2] ?? "0").padEnd(2, "0"));
  if (!Number.isSafeInteger(paise) || paise === 0) return null;
  return { paise, credit: !debit };
}

const MONTHS = ["JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"];

/** `DD/MM/YYYY`, `DD-MM-YY`, `YYYY-MM-DD` or `28 Nov 2026` (a time after it ignored), as `YYYY-MM-DD`. */
export function parseStatementDate(text: string): string | null {
  const t = text.trim().toUpperCase();
  const ymd = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:$|[ T])/.exec(t);
  const dmy = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{2}|\d{4})(?:$|\s)/.exec(t);
  const named = /^(\d{1,2})[ -]([A-Z]{3})[A-Z]*[\s,-]+(\d{2}|\d{4})(?:$|\s)/.exec(t);
  let [y, mo, d]: number[] = [];
  if (ymd) [y, mo, d] = [Number(ymd[1]), Number(ymd[2]), Number(ymd[3])];
  else if (dmy) [d, mo, y] = [Number(dmy[1]), Number(dmy[2]), Number(dmy[3])];
  else if (named) [d, mo, y] = [Number(named[1]), MONTHS.indexOf(named[2]) + 1, Number(named[3])];
  else return null;
  if (y < 100) y += 2000;
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (mo < 1 || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) return null;
  return date.toISOString().slice(0, 10);
}

/** Every 12-digit number (a UPI transaction's UTR) in the texts, each once, in order. */
export function utrCandidates(...texts: string[]): string[] {
  const found = new Set<string>();
  for (const text of texts) for (const m of text.matchAll(/(?<!\d)\d{12}(?!\d)/g)) found.add(m[0]);
  return [...found];
}

/** Whether a payment's reference appears in a narration, in any case, spaces ignored. */
export function mentionsReference(narration: string, reference: string): boolean {
  return narration.replace(/\s+/g, "").toUpperCase().includes(reference.toUpperCase());
}

function rows(bytes: Uint8Array): AsyncIterable<string[]> {
  const text = Buffer.from(bytes.subarray(0, 64 * 1024)).toString("utf8");
  return Readable.from([Buffer.from(bytes)]).pipe(
    parse({
      bom: true,
      delimiter: detectDelimiter(text.replace(/^\uFEFF/, "")),
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      skip_records_with_empty_values: true,
      trim: true,
    }),
  );
}

/** A row that names columns: three or more cells, most of them not numbers or dates. */
function looksLikeHeader(row: string[]): boolean {
  const named = row.filter((c) => c && !/^[\d\s,./:₹()+-]+$/.test(c));
  return named.length >= 3 && named.length * 2 > row.filter(Boolean).length;
}

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** The statement's column names (its header row, after any lines about the account above it). */
export async function readStatementHeader(bytes: Uint8Array): Promise<string[]> {
  checkSize(bytes);
  let seen = 0;
  for await (const row of rows(bytes)) {
    if (looksLikeHeader(row)) return row.filter(Boolean);
    if (++seen >= 30) break;
  }
  throw badRequest(STATEMENT_MESSAGES.file, { file: [STATEMENT_MESSAGES.file] });
}

/**
 * The header's column names and the first `n` data rows under them (cells in the order of the
 * columns), for the page that asks which column is which before importing.
 */
export async function readStatementPreview(
  bytes: Uint8Array,
  n = 3,
): Promise<{ columns: string[]; sample: string[][] }> {
  checkSize(bytes);
  let seen = 0;
  let named: number[] | null = null;
  let columns: string[] = [];
  const sample: string[][] = [];
  for await (const row of rows(bytes)) {
    if (!named) {
      if (looksLikeHeader(row)) {
        named = row.flatMap((cell, i) => (cell ? [i] : []));
        columns = named.map((i) => row[i]);
      } else if (++seen >= 30) break;
      continue;
    }
    sample.push(named.map((i) => row[i] ?? ""));
    if (sample.length >= n) break;
  }
  if (!named) throw badRequest(STATEMENT_MESSAGES.file, { file: [STATEMENT_MESSAGES.file] });
  return { columns, sample };
}

function checkSize(bytes: Uint8Array) {
  if (bytes.byteLength === 0 || bytes.byteLength > STATEMENT_MAX_BYTES)
    throw badRequest(STATEMENT_MESSAGES.file, { file: [STATEMENT_MESSAGES.file] });
}

/**
 * Streams a statement's credit lines, in order, then answers its counts. The header is the first
 * row holding the three named columns (banks put lines about the account above it). Refuses a
 * file without one of them, over 50,000 lines, or whose amount column reads nowhere.
 */
export async function* readStatement(
  bytes: Uint8Array,
  columns: StatementColumns,
): AsyncGenerator<StatementLine, StatementCounts> {
  checkSize(bytes);
  const wanted = [columns.dateColumn, columns.amountColumn, columns.narrationColumn];
  if (columns.referenceColumn) wanted.push(columns.referenceColumn);
  let index: number[] | null = null;
  let headerRow: string[] | null = null;
  const counts: StatementCounts = { lines: 0, credits: 0, readable: 0 };
  for await (const row of rows(bytes)) {
    if (!index) {
      if (!headerRow && looksLikeHeader(row)) headerRow = row;
      const found = wanted.map((name) => row.findIndex((cell) => same(cell, name)));
      if (found.slice(0, 3).every((i) => i >= 0)) {
        if (columns.referenceColumn && found[3] < 0)
          throw noColumn(columns, columns.referenceColumn);
        index = found;
        counts.lines = 0;
      } else if (counts.lines++ >= 30) break;
      continue;
    }
    if (++counts.lines > STATEMENT_MAX_LINES)
      throw badRequest(STATEMENT_MESSAGES.file, { file: [STATEMENT_MESSAGES.file] });
    const [di, ai, ni, ri] = index;
    const amount = parseAmount(row[ai] ?? "");
    if (!amount) continue;
    counts.readable++;
    if (!amount.credit) continue;
    counts.credits++;
    const dateText = row[di] ?? "";
    yield {
      line: counts.lines,
      date: parseStatementDate(dateText),
      dateText,
      paise: amount.paise,
      narration: row[ni] ?? "",
      reference: ri !== undefined && ri >= 0 ? (row[ri] ?? "") : "",
    };
  }
  if (!index) {
    const header = headerRow ?? [];
    throw noColumn(
      columns,
      wanted.find((name) => !header.some((cell) => same(cell, name))) ?? wanted[0],
    );
  }
  if (counts.lines > 0 && counts.readable === 0) {
    const message = STATEMENT_MESSAGES.amounts(columns.amountColumn);
    throw badRequest(message, { amountColumn: [message] });
  }
  return counts;
}

/** 'The file has no column named {x}', under the field that named it. */
function noColumn(columns: StatementColumns, name: string) {
  const keys = ["dateColumn", "amountColumn", "narrationColumn", "referenceColumn"] as const;
  const field = keys.find((k) => columns[k] === name) ?? "dateColumn";
  const message = STATEMENT_MESSAGES.noColumn(name);
  return badRequest(message, { [field]: [message] });
}
