/**
 * Certificates (SPEC-2 §5): the object the API answers and the messages, shared by the API and
 * the pages. No Zod here: the public verification page imports it (the request to issue them is
 * `certificate-issue.ts`).
 */
import { PRIZE_RANK_LABELS } from "./constants";

export const CERTIFICATE_KINDS = ["participation", "merit"] as const;
export type CertificateKind = (typeof CERTIFICATE_KINDS)[number];

export const CERTIFICATE_MESSAGES = {
  kindRequired: "Choose participation or merit",
  notYet: "Certificates can be issued after registration closes",
  notFound: "Certificate not found",
  revoked: "This certificate was revoked",
  valid: "Valid certificate",
} as const;

/** A certificate as the API answers it. */
export interface Certificate {
  _id: string;
  kind: CertificateKind;
  /** The prize rank for merit, null for participation. */
  rank: number | null;
  rankLabel: string | null;
  recipientName: string;
  eventName: string;
  eventNumber: string;
  organisationName: string;
  issuedAt: string;
  revoked: boolean;
  /** On the verification call only: the holder's handle while their public profile is on. */
  profile?: string | null;
}

/** 128 bits in base64url: exactly 22 characters of A-Z a-z 0-9 - _. */
export const CERTIFICATE_ID_PATTERN = /^[A-Za-z0-9_-]{22}$/;

export function rankLabel(rank: number | null | undefined): string | null {
  return rank ? (PRIZE_RANK_LABELS[rank] ?? `Rank ${rank}`) : null;
}

/**
 * The line between the name and the event, as a sentence reads: "is the Winner of",
 * "is the First Runner Up of", or "has participated in".
 */
export function certifiedLine(c: Pick<Certificate, "kind" | "rankLabel">): string {
  return c.kind === "merit" && c.rankLabel ? `is the ${c.rankLabel} of` : "has participated in";
}

/** Where a certificate is verified; the QR code on the PDF holds this link. */
export function certificatePath(id: string): string {
  return `/certificate/${id}`;
}
export function certificatePdfPath(id: string): string {
  return `/api/v1/certificates/${id}.pdf`;
}
