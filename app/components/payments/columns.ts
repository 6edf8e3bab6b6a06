/**
 * The statement import's column picks (SPEC-4 §3), guessed from the file's header words so the
 * organiser usually only presses 'Import': a date ('Txn Date' before 'Value Date'), the credited
 * amount ('Credit' or 'Deposit' before a plain 'Amount'), the narration ('Narration',
 * 'Description', 'Particulars', 'Remarks', …) and, if there is one, a reference ('UTR', 'Ref No.').
 */
export interface ColumnPicks {
  dateColumn: string;
  amountColumn: string;
  narrationColumn: string;
  referenceColumn: string;
}

/** Each pick's header words, the best first; a header matching an earlier word wins. */
const WORDS: Record<keyof ColumnPicks, RegExp[]> = {
  dateColumn: [/\b(txn|tran|transaction)\.?\s*date\b/i, /^date$/i, /date/i],
  amountColumn: [/credit|deposit/i, /\bcr\b/i, /amount|amt/i],
  narrationColumn: [/narration|description|particulars|remarks/i, /details|note|message/i],
  referenceColumn: [/\butr\b/i, /\bref/i, /cheque|chq/i],
};

/** Header words that name another thing: a value date is not the transaction's own. */
const NOT: Partial<Record<keyof ColumnPicks, RegExp>> = {
  dateColumn: /value/i,
  amountColumn: /balance|debit|withdraw/i,
};

function pick(columns: string[], key: keyof ColumnPicks, taken: Set<string>): string {
  for (const word of WORDS[key]) {
    const found = columns.find(
      (c) => !taken.has(c) && word.test(c) && !(NOT[key]?.test(c) ?? false),
    );
    if (found !== undefined) return found;
  }
  // A date column that is only a 'Value Date' is still a date.
  if (key === "dateColumn") return columns.find((c) => !taken.has(c) && /date/i.test(c)) ?? "";
  return "";
}

/** The guessed picks of a header ("" where nothing fits); no column is picked twice. */
export function guessColumns(columns: string[]): ColumnPicks {
  const taken = new Set<string>();
  const picks = {} as ColumnPicks;
  for (const key of ["dateColumn", "amountColumn", "narrationColumn", "referenceColumn"] as const) {
    picks[key] = pick(columns, key, taken);
    if (picks[key]) taken.add(picks[key]);
  }
  return picks;
}
