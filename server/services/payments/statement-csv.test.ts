import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ApiError } from "#server/lib/errors";
import {
  detectDelimiter,
  mentionsReference,
  parseAmount,
  parseStatementDate,
  readStatement,
  readStatementHeader,
  type StatementColumns,
  type StatementCounts,
  type StatementLine,
  utrCandidates,
} from "./statement-csv";

const fixture = (name: string) =>
  readFileSync(path.join(import.meta.dirname, "../../../tests/fixtures/statements", name));

async function readAll(bytes: Uint8Array, columns: StatementColumns) {
  const lines: StatementLine[] = [];
  const reader = readStatement(bytes, columns);
  for (;;) {
    const next = await reader.next();
    if (next.done) return { lines, counts: next.value as StatementCounts };
    lines.push(next.value);
  }
}

async function refusal(run: () => Promise<unknown>) {
  try {
    await run();
  } catch (e) {
    if (e instanceof ApiError) return { status: e.status, message: e.message, errors: e.errors };
    throw e;
  }
  throw new Error("not refused");
}

describe("amounts as Indian statements write them", () => {
  it.each([
    ["1,299.00", 129_900],
    ["₹1,299", 129_900],
    ["1299.00 CR", 129_900],
    ["1,29,900.00", 12_990_000],
    ["Rs. 299", 29_900],
    ["INR 299.5", 29_950],
    ["+299", 29_900],
    ["299.00 Cr.", 29_900],
  ])("%s is a credit of %i paise", (text, paise) => {
    expect(parseAmount(text)).toEqual({ paise, credit: true });
  });

  it.each(["-50.00", "(50.00)", "50.00 DR", "50 Dr", "50.00-"])("%s is a debit", (text) => {
    expect(parseAmount(text)).toEqual({ paise: 5_000, credit: false } as const);
  });

  it("-₹149.00 is a debit of 149 rupees", () => {
    expect(parseAmount("-₹149.00")).toEqual({ paise: 14_900, credit: false });
  });

  it.each(["", "abc", "1,2,3", "12.345", "0.00", "₹", "1 299", "12,34,5"])(
    "%j is no amount",
    (text) => {
      expect(parseAmount(text)).toBeNull();
    },
  );
});

describe("dates", () => {
  it.each([
    ["28/11/2026", "2026-11-28"],
    ["28-11-26", "2026-11-28"],
    ["2026-11-28", "2026-11-28"],
    ["28 Nov 2026", "2026-11-28"],
    ["28-Nov-2026", "2026-11-28"],
    ["28 November 2026", "2026-11-28"],
    ["28/11/2026 14:32", "2026-11-28"],
    ["2026-11-28 14:32:10", "2026-11-28"],
    ["1/2/2026", "2026-02-01"],
  ])("%s is %s", (text, iso) => {
    expect(parseStatementDate(text)).toBe(iso);
  });

  it.each(["31/02/2026", "yesterday", "", "28 Foo 2026", "2026/13/01"])("%j is no date", (text) => {
    expect(parseStatementDate(text)).toBeNull();
  });
});

describe("what a line names", () => {
  it("finds each 12-digit number once, never a part of a longer one", () => {
    expect(
      utrCandidates(
        "UPI/334512345678/PAYMENT FROM ARJUN/arjun@okhdfc/UT7K2Q9A",
        "0000334512345678 and 334512345678, 1234567890123",
      ),
    ).toEqual(["334512345678"]);
    expect(utrCandidates("UPI-334512345678-334598765432")).toEqual([
      "334512345678",
      "334598765432",
    ]);
    expect(utrCandidates("no number here", "33451234567")).toEqual([]);
  });

  it("finds a reference in any case, spaces ignored", () => {
    expect(mentionsReference("UPI-KAVYA-ut h3m4p7", "UTH3M4P7")).toBe(true);
    expect(mentionsReference("Utsav UTP4R8WZ", "UTP4R8WZ")).toBe(true);
    expect(mentionsReference("Utsav UTP4R8W", "UTP4R8WZ")).toBe(false);
  });

  it("picks the delimiter most used in the first lines", () => {
    expect(detectDelimiter("a,b,c\n1,2,3")).toBe(",");
    expect(detectDelimiter("a;b;c\n1;2;3")).toBe(";");
    expect(detectDelimiter("a\tb\tc\n1\t2,5\t3")).toBe("\t");
    expect(detectDelimiter('"x;y;z",b,c\n1,2,3')).toBe(",");
  });
});

describe("reading a statement", () => {
  it("reads a bank's export past the account lines above its header, credits only", async () => {
    const { lines, counts } = await readAll(fixture("hdfc.csv"), {
      dateColumn: "Date",
      amountColumn: "Deposit Amt.",
      narrationColumn: "Narration",
      referenceColumn: "Chq./Ref.No.",
    });
    expect(counts).toEqual({ lines: 4, credits: 3, readable: 3 });
    expect(lines.map((l) => [l.line, l.date, l.paise])).toEqual([
      [1, "2026-11-27", 29_900],
      [2, "2026-11-27", 29_900],
      [4, "2026-11-28", 12_990_000],
    ]);
    expect(lines[0].narration).toContain("UT7K2Q9A");
    expect(lines[0].reference).toBe("0000334512345678");
  });

  it("reads a UPI business app's export with a BOM, its first column named", async () => {
    const bytes = fixture("phonepe-business.csv");
    expect(bytes.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(await readStatementHeader(bytes)).toEqual([
      "Transaction Date",
      "Transaction ID",
      "UTR",
      "Payer Name",
      "Payer VPA",
      "Amount",
      "Status",
      "Note",
    ]);
    const { lines, counts } = await readAll(bytes, {
      dateColumn: "Transaction Date",
      amountColumn: "Amount",
      narrationColumn: "Note",
      referenceColumn: "UTR",
    });
    expect(counts).toEqual({ lines: 3, credits: 2, readable: 3 });
    expect(lines.map((l) => [l.date, l.paise, l.reference, l.narration])).toEqual([
      ["2026-11-28", 29_900, "334577778888", "UTX9M2KQ"],
      ["2026-11-28", 14_900, "334577779999", "Utsav UTP4R8WZ"],
    ]);
  });

  it("reads tab-separated and semicolon-separated exports, with CR and DR marks", async () => {
    const sbi = await readAll(fixture("sbi.tsv.csv"), {
      dateColumn: "Txn Date",
      amountColumn: "Credit",
      narrationColumn: "Description",
    });
    expect(sbi.lines.map((l) => [l.date, l.paise])).toEqual([
      ["2026-11-28", 29_900],
      ["2026-11-29", 50_000],
    ]);
    expect(sbi.counts).toEqual({ lines: 3, credits: 2, readable: 2 });
    const crdr = await readAll(fixture("semicolon-crdr.csv"), {
      dateColumn: "date",
      amountColumn: "AMOUNT",
      narrationColumn: "Particulars",
    });
    expect(crdr.lines.map((l) => [l.date, l.paise])).toEqual([
      ["2026-11-28", 29_900],
      ["2026-11-29", 29_950],
    ]);
  });

  it("refuses a column the file does not have, under the field that named it", async () => {
    const r = await refusal(() =>
      readAll(fixture("hdfc.csv"), {
        dateColumn: "Date",
        amountColumn: "Credit",
        narrationColumn: "Narration",
      }),
    );
    expect(r).toEqual({
      status: 400,
      message: "The file has no column named Credit",
      errors: { amountColumn: ["The file has no column named Credit"] },
    });
    const ref = await refusal(() =>
      readAll(fixture("hdfc.csv"), {
        dateColumn: "Date",
        amountColumn: "Deposit Amt.",
        narrationColumn: "Narration",
        referenceColumn: "UTR",
      }),
    );
    expect(ref.errors).toEqual({ referenceColumn: ["The file has no column named UTR"] });
  });

  it("refuses an amount column that reads nowhere, before yielding any line", async () => {
    const bytes = Buffer.from("Date,Narration,Amount\n28/11/2026,UPI fee,two hundred\n");
    const r = await refusal(() =>
      readAll(bytes, { dateColumn: "Date", amountColumn: "Narration", narrationColumn: "Amount" }),
    );
    expect(r.message).toBe("Could not read the amounts in column Narration");
    expect(r.errors).toEqual({ amountColumn: ["Could not read the amounts in column Narration"] });
  });

  it("refuses an empty file, one over 5 MB and one over 50,000 lines", async () => {
    const columns = { dateColumn: "Date", amountColumn: "Amount", narrationColumn: "Narration" };
    const message = "Choose a CSV file up to 5 MB";
    expect((await refusal(() => readAll(Buffer.alloc(0), columns))).message).toBe(message);
    expect(
      (await refusal(() => readAll(Buffer.alloc(5 * 1024 * 1024 + 1, 65), columns))).message,
    ).toBe(message);
    const many = `Date,Narration,Amount\n${"28/11/2026,x,1.00\n".repeat(50_001)}`;
    expect((await refusal(() => readAll(Buffer.from(many), columns))).errors).toEqual({
      file: [message],
    });
    const enough = await readAll(
      Buffer.from(`Date,Narration,Amount\n${"28/11/2026,x,1.00\n".repeat(50_000)}`),
      columns,
    );
    expect(enough.counts.lines).toBe(50_000);
  });
});
