import { describe, expect, it } from "vitest";
import { pdfFontNames, pdfTextLines } from "#tests/helpers/pdf";
import { type ReceiptPdfInput, renderReceiptPdf } from "./receipt-pdf";

const INPUT: ReceiptPdfInput = {
  receiptNumber: "1042-7",
  paidOn: "29 Nov 2026",
  paidAt: "2026-11-28T20:00:00.000Z",
  payerName: "अनुराग यादव",
  eventName: "Rang Fest 2026",
  organisationName: "Cultural Club IITD",
  amount: "₹1,29,900",
  amountInWords: "Rupees One Lakh Twenty-Nine Thousand Nine Hundred only",
  payeeName: "Cultural Club IITD",
  upiId: "fest.club@okaxis",
  utr: "412345678901",
  reference: "UTABCD23",
  gstin: "07AAACI1234F1Z5",
  refundPolicy: "Full refund until 1 Dec 2026. No refunds after registration closes.",
  eventUrl: "http://localhost:3000/event/1042",
  productName: "Utsav",
};

/** The page's text as a reader extracts it, wrapped lines joined. */
const textOf = async (pdf: Uint8Array) => (await pdfTextLines(pdf)).join(" ");

describe("the receipt PDF (SPEC-4 §3)", () => {
  it("prints every field, read back by a PDF reader: lakh in words, a Devanagari name", async () => {
    const pdf = await renderReceiptPdf(INPUT);
    const lines = await pdfTextLines(pdf);
    expect(lines[0]).toBe("Receipt");
    expect(lines).toContain("Receipt number 1042-7");
    expect(lines).toContain("Date 29 Nov 2026");
    expect(lines).toContain("Received from अनुराग यादव");
    expect(lines).toContain("For Registration for Rang Fest 2026");
    expect(lines).toContain("Amount ₹1,29,900");
    const text = lines.join(" ");
    expect(text).toContain(
      "Amount in words Rupees One Lakh Twenty-Nine Thousand Nine Hundred only",
    );
    expect(lines).toContain("Paid to Cultural Club IITD");
    expect(lines).toContain("UPI ID fest.club@okaxis");
    expect(lines).toContain("UTR 412345678901");
    expect(lines).toContain("Payment reference UTABCD23");
    expect(lines).toContain("GSTIN 07AAACI1234F1Z5");
    expect(text).toContain(
      "Refund policy Full refund until 1 Dec 2026. No refunds after registration closes.",
    );
    expect(pdfFontNames(pdf)).toEqual(
      expect.arrayContaining(["NotoSans-Regular", "NotoSans-Bold", "NotoSansDevanagari-Bold"]),
    );
  });

  it("leaves out the GSTIN, the UTR and the refund policy when there are none", async () => {
    const text = await textOf(
      await renderReceiptPdf({ ...INPUT, gstin: null, utr: null, refundPolicy: null }),
    );
    expect(text).not.toContain("GSTIN");
    expect(text).not.toContain("UTR");
    expect(text).not.toContain("Refund policy");
    expect(text).toContain("UPI ID fest.club@okaxis");
  });

  it("draws names whose marks a reader shows out of order (reph, i-matra) with every letter", async () => {
    // Readers extract a reph or an i-matra in the order drawn ("िप्रया शमार्"), as for any PDF:
    // the letters are all there, which is what search needs.
    const name = "प्रिया शर्मा";
    const pdf = await renderReceiptPdf({ ...INPUT, payerName: name });
    const line = (await pdfTextLines(pdf)).find((l) => l.startsWith("Received from "));
    const letters = (s: string) => [...s.replace(/\s/g, "")].sort().join("");
    expect(letters(line?.slice("Received from ".length) ?? "")).toBe(letters(name));
    expect(pdfFontNames(pdf)).toContain("NotoSansDevanagari-Bold");
  });

  it("wraps a long refund policy within the page", async () => {
    const policy = "Refunds are made to the UPI ID you paid from within seven days. ".repeat(7);
    const lines = await pdfTextLines(await renderReceiptPdf({ ...INPUT, refundPolicy: policy }));
    const at = lines.indexOf("Refund policy");
    expect(at).toBeGreaterThan(0);
    expect(lines.slice(at + 1, -1).join(" ")).toBe(policy.trim());
  });
});
