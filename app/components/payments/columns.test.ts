import { describe, expect, it } from "vitest";
import { guessColumns } from "./columns";

describe("guessColumns", () => {
  it("reads a bank's header: the transaction date, the credit column, the description", () => {
    expect(
      guessColumns([
        "Txn Date",
        "Value Date",
        "Description",
        "Ref No./Cheque No.",
        "Debit",
        "Credit",
        "Balance",
      ]),
    ).toEqual({
      dateColumn: "Txn Date",
      amountColumn: "Credit",
      narrationColumn: "Description",
      referenceColumn: "Ref No./Cheque No.",
    });
  });

  it("reads a UPI app's header and a semicolon bank's", () => {
    expect(
      guessColumns(["Transaction Date", "Transaction ID", "UTR", "Payer Name", "Amount", "Note"]),
    ).toEqual({
      dateColumn: "Transaction Date",
      amountColumn: "Amount",
      narrationColumn: "Note",
      referenceColumn: "UTR",
    });
    expect(guessColumns(["Date", "Particulars", "Amount", "Balance"])).toEqual({
      dateColumn: "Date",
      amountColumn: "Amount",
      narrationColumn: "Particulars",
      referenceColumn: "",
    });
  });

  it("leaves a pick empty when no header fits", () => {
    expect(guessColumns(["A", "B"])).toEqual({
      dateColumn: "",
      amountColumn: "",
      narrationColumn: "",
      referenceColumn: "",
    });
    expect(guessColumns(["Value Date", "Remarks", "Deposit Amt."]).dateColumn).toBe("Value Date");
  });
});
