import PDFDocument from "pdfkit";
import { drawRuns, startDocument, type Weight, wrapRuns } from "./fonts";

/** Everything printed on a receipt (SPEC-4 §3), already formatted; the worker gets plain data. */
export interface ReceiptPdfInput {
  receiptNumber: string;
  /** "29 Nov 2026", the day it was paid in India time. */
  paidOn: string;
  paidAt: string;
  payerName: string;
  eventName: string;
  organisationName: string | null;
  /** "₹1,299" */
  amount: string;
  /** "Rupees One Thousand Two Hundred Ninety-Nine only" */
  amountInWords: string;
  payeeName: string;
  upiId: string;
  utr: string | null;
  reference: string;
  gstin: string | null;
  refundPolicy: string | null;
  eventUrl: string;
  productName: string;
}

// A4 portrait, in points.
const W = 595.28;
const H = 841.89;
const LEFT = 56;
const VALUE_X = 176;
const RIGHT = W - 56;
const INK = "#1f2937";
const MUTED = "#4b5563";
const ACCENT = "#b45309";

type Doc = PDFKit.PDFDocument;

/** Lines of `text` from `x`, each script in its font, wrapped to `width`; answers the next y. */
function block(
  doc: Doc,
  text: string,
  x: number,
  y: number,
  width: number,
  style: { size: number; weight?: Weight; color?: string; leading?: number },
): number {
  const weight = style.weight ?? "regular";
  const leading = style.leading ?? style.size * 1.45;
  doc.fillColor(style.color ?? INK);
  let at = y;
  for (const line of wrapRuns(doc, text, width, style.size, weight)) {
    drawRuns(doc, line, x, at, style.size, weight);
    at += leading;
  }
  return at;
}

/** One labelled row: the label on the left, its value wrapped beside it; answers the next y. */
function row(doc: Doc, label: string, value: string, y: number, weight: Weight = "regular") {
  doc.fillColor(MUTED).font("latin-regular", 10);
  doc.text(label, LEFT, y, { lineBreak: false, baseline: "alphabetic" });
  const size = weight === "bold" ? 14 : 12;
  return block(doc, value, VALUE_X, y, RIGHT - VALUE_X, { size, weight }) + 8;
}

/** The receipt as a one-page A4 PDF. Pure: the same input gives the same page. */
export function renderReceiptPdf(input: ReceiptPdfInput): Promise<Uint8Array> {
  const doc = new PDFDocument({
    size: "A4",
    margin: 0,
    autoFirstPage: true,
    info: {
      Title: `Receipt ${input.receiptNumber}: ${input.eventName}`,
      Author: input.payeeName,
      Creator: input.productName,
      Producer: input.productName,
      CreationDate: new Date(input.paidAt),
    },
  });
  const done = startDocument(doc);

  doc.rect(0, 0, W, 8).fill(ACCENT);
  doc.fillColor(ACCENT).font("latin-bold", 28);
  doc.text("Receipt", LEFT, 84, { lineBreak: false, baseline: "alphabetic" });
  doc.moveTo(LEFT, 104).lineTo(RIGHT, 104).lineWidth(0.75).stroke(ACCENT);

  let y = 136;
  y = row(doc, "Receipt number", input.receiptNumber, y);
  y = row(doc, "Date", input.paidOn, y);
  y = row(doc, "Received from", input.payerName, y + 10, "bold");
  y = row(doc, "For", `Registration for ${input.eventName}`, y);
  if (input.organisationName) y = row(doc, "Organised by", input.organisationName, y);
  y = row(doc, "Amount", input.amount, y + 6, "bold");
  y = row(doc, "Amount in words", input.amountInWords, y);
  y = row(doc, "Paid to", input.payeeName, y + 6);
  y = row(doc, "UPI ID", input.upiId, y);
  if (input.utr) y = row(doc, "UTR", input.utr, y);
  y = row(doc, "Payment reference", input.reference, y);
  if (input.gstin) y = row(doc, "GSTIN", input.gstin, y);

  if (input.refundPolicy) {
    y += 18;
    doc.fillColor(INK).font("latin-bold", 12);
    doc.text("Refund policy", LEFT, y, { lineBreak: false, baseline: "alphabetic" });
    y = block(doc, input.refundPolicy, LEFT, y + 20, RIGHT - LEFT, { size: 10, color: MUTED });
  }

  const bottom = H - 56;
  doc
    .moveTo(LEFT, bottom - 30)
    .lineTo(RIGHT, bottom - 30)
    .lineWidth(0.5)
    .stroke("#d1d5db");
  block(
    doc,
    `Paid by UPI straight to ${input.payeeName}. Issued through ${input.productName}: ${input.eventUrl}`,
    LEFT,
    bottom - 12,
    RIGHT - LEFT,
    { size: 9, color: MUTED },
  );

  doc.end();
  return done;
}
