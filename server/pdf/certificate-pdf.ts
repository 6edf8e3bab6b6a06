import PDFDocument from "pdfkit";
import QRCode from "qrcode";
import { certifiedLine } from "#server/contracts/certificate";
import { drawRuns, runsWidth, startDocument, type Weight } from "./fonts";

/** Everything printed on a certificate; the worker receives it as plain data. */
export interface CertificatePdfInput {
  id: string;
  kind: "participation" | "merit";
  rankLabel: string | null;
  recipientName: string;
  eventName: string;
  organisationName: string;
  /** "23 Nov 2026", already in India time. */
  issuedOn: string;
  issuedAt: string;
  verifyUrl: string;
  /** The event logo as PNG or JPEG bytes, or null. */
  logo: Uint8Array | null;
  productName: string;
}

// A4 landscape, in points.
const W = 841.89;
const H = 595.28;
const INK = "#1f2937";
const MUTED = "#4b5563";
const ACCENT = "#b45309";

type Doc = PDFKit.PDFDocument;

/** Draws `text` centred on the page at `y`, each script in its font, shrunk to fit `maxWidth`. */
function centred(doc: Doc, text: string, y: number, size: number, weight: Weight, color: string) {
  const maxWidth = W - 160;
  let fontSize = size;
  while (fontSize > 10 && runsWidth(doc, text, fontSize, weight) > maxWidth) fontSize -= 1;
  doc.fillColor(color);
  drawRuns(doc, text, (W - runsWidth(doc, text, fontSize, weight)) / 2, y, fontSize, weight);
}

/** A QR code drawn as vector squares: sharp at any zoom, a few hundred bytes. */
function qr(doc: Doc, url: string, x: number, y: number, size: number) {
  const code = QRCode.create(url, { errorCorrectionLevel: "M" });
  const n = code.modules.size;
  const cell = size / (n + 2);
  doc.rect(x, y, size, size).fill("#ffffff");
  for (let r = 0; r < n; r++)
    for (let c = 0; c < n; c++)
      if (code.modules.get(r, c)) doc.rect(x + (c + 1) * cell, y + (r + 1) * cell, cell, cell);
  doc.fill("#000000");
}

/** The certificate as a one-page A4 landscape PDF. Pure: the same input gives the same page. */
export function renderCertificatePdf(input: CertificatePdfInput): Promise<Uint8Array> {
  const doc = new PDFDocument({
    size: "A4",
    layout: "landscape",
    margin: 0,
    autoFirstPage: true,
    info: {
      Title: `Certificate: ${input.recipientName}, ${input.eventName}`,
      Author: input.organisationName,
      Creator: input.productName,
      Producer: input.productName,
      CreationDate: new Date(input.issuedAt),
    },
  });
  const done = startDocument(doc);

  doc
    .rect(18, 18, W - 36, H - 36)
    .lineWidth(3)
    .stroke(ACCENT);
  doc
    .rect(28, 28, W - 56, H - 56)
    .lineWidth(0.75)
    .stroke(ACCENT);

  // `y` is the baseline of each line.
  let y = 110;
  if (input.logo) {
    doc.image(Buffer.from(input.logo), (W - 80) / 2, 56, { fit: [80, 80], align: "center" });
    y = 176;
  }
  const title = input.kind === "merit" ? "CERTIFICATE OF MERIT" : "CERTIFICATE OF PARTICIPATION";
  centred(doc, title, y, 30, "bold", ACCENT);
  centred(doc, "This is to certify that", y + 50, 14, "regular", MUTED);
  centred(doc, input.recipientName, y + 106, 38, "bold", INK);
  centred(doc, certifiedLine(input), y + 150, 14, "regular", MUTED);
  centred(doc, input.eventName, y + 190, 24, "bold", INK);
  centred(doc, `organised by ${input.organisationName}`, y + 222, 14, "regular", MUTED);

  const bottom = H - 60;
  doc.fillColor(MUTED).font("latin-regular", 10);
  doc.text(`Issued on ${input.issuedOn}`, 60, bottom - 46, { lineBreak: false });
  doc.text(`Certificate ID: ${input.id}`, 60, bottom - 30, { lineBreak: false });
  doc.text(`Verify: ${input.verifyUrl}`, 60, bottom - 14, { lineBreak: false });
  qr(doc, input.verifyUrl, W - 60 - 96, bottom - 96, 96);

  doc.end();
  return done;
}
