import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { renderCertificatePdf } from "./certificate-pdf";

const INPUT = {
  id: "x",
  kind: "merit" as const,
  rankLabel: "Winner",
  recipientName: "Asha Verma",
  eventName: "HackIndia 2026",
  organisationName: "IIT Delhi Coding Club",
  issuedOn: "21 Nov 2026",
  issuedAt: "2026-11-21T06:30:00.000Z",
  verifyUrl: "http://localhost:3000/certificate/x",
  productName: "Utsav",
};

/** Images on the page: the QR code is drawn as squares, so an image is the event logo. */
const images = (pdf: Uint8Array) =>
  Buffer.from(pdf)
    .toString("latin1")
    .match(/\/Subtype \/Image/g)?.length ?? 0;

describe("the certificate PDF (SPEC-2 §5)", () => {
  it("carries the event logo when the event has one", async () => {
    const logo = new Uint8Array(readFileSync(path.join(process.cwd(), "tests/fixtures/logo.png")));
    expect(images(await renderCertificatePdf({ ...INPUT, logo }))).toBe(1);
    expect(images(await renderCertificatePdf({ ...INPUT, logo: null }))).toBe(0);
  });
});
