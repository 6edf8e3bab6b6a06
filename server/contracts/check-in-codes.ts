/**
 * Tickets and check-in (SPEC-3 §5): messages, requests, answers and the ticket code's format,
 * shared by the API, the check-in page's forms and its offline checks in the browser. Free of Zod,
 * so the pages load none; the request schemas are in check-in.ts (decision 037).
 */
import { JOIN_CODE_ALPHABET } from "./registration-fields";

const IST_OFFSET_MS = 330 * 60_000;

/** "14:05": an instant's India time, as the refusals and the scanner say it. */
export function hhmmIST(iso: string): string {
  return new Date(Date.parse(iso) + IST_OFFSET_MS).toISOString().slice(11, 16);
}

export const CHECK_IN_MESSAGES = {
  noTicket: "You have no ticket for this event",
  notThisEvent: "Not a ticket for this event",
  noSuchCode: "No ticket has this code",
  cancelled: "This ticket was cancelled",
  invalid: "Invalid ticket",
  already: (iso: string, firstName: string) =>
    `Already checked in at ${hhmmIST(iso)} by ${firstName}`,
  checkedIn: (name: string) => `Checked in: ${name}`,
  waiting: (k: number) => `Offline: ${k} scans waiting`,
  progress: (x: number, y: number) => `Checked in ${x} of ${y}`,
  codeLabel: "Ticket code",
  tooManyScans: "At most 500 scans at a time",
  // The check-in page with no network (issue 45).
  notOnDevice: "This code is not on this device's list: scan the QR code or find them by name",
  noList: "No network, and no list kept on this device yet",
  offlineSearch: "Offline: searching the list kept on this device",
  undoOffline: "No network: undo the check-in when the network returns",
  undoTitle: (name: string) => `Undo the check-in of ${name}?`,
  undone: (name: string) => `Check-in undone: ${name}`,
} as const;

export const SHORT_CODE_LENGTH = 8;
export const SHORT_CODE_PATTERN = new RegExp(`^[${JOIN_CODE_ALPHABET}]{${SHORT_CODE_LENGTH}}$`);
export const MAX_SYNC_SCANS = 500;

/**
 * A short code as people read it aloud or copy it: 'elpt 33pk', 'ELPT-33PK'. Spaces and hyphens
 * go, letters go up; the code when what is left is one, else null.
 */
export function normalShortCode(text: string): string | null {
  const code = text.replace(/[\s\u2010-\u2015-]+/g, "").toUpperCase();
  return SHORT_CODE_PATTERN.test(code) ? code : null;
}

/** Someone on the check-in list: never a phone or an e-mail. */
export interface CheckInPerson {
  memberId: string;
  firstName: string;
  lastName: string;
  collegeName: string;
  teamName: string | null;
  checkedInAt: string | null;
  /** Who checked them in (first name), when they are. */
  by: string | null;
}

/**
 * SPEC-3's five outcomes, and `unknown`: a well-formed short code no ticket has (404 'No ticket
 * has this code' online; a sync, which answers SPEC-3's five, says `invalid`).
 */
export type ScanStatus =
  | "checked-in"
  | "already"
  | "cancelled"
  | "invalid"
  | "wrong-event"
  | "unknown";

/** What a scan comes to: a sync's result, and the online answer's body. */
export interface ScanResult {
  nonce: string;
  status: ScanStatus;
  person: CheckInPerson | null;
  checkedInAt: string | null;
  by: string | null;
}

export interface TicketData {
  code: string;
  shortCode: string;
  name: string;
  teamName: string | null;
  eventName: string;
  eventNumber: string;
  checkedInAt: string | null;
}

export interface CheckInList {
  total: number;
  checkedIn: number;
  people: CheckInPerson[];
}

/** Someone on a device's offline list: with their live ticket's short code, to type at the gate. */
export interface OfflinePerson extends CheckInPerson {
  shortCode: string | null;
}

export interface OfflineCheckIn {
  publicKey: string;
  people: OfflinePerson[];
  /** Ids of cancelled tickets: their codes are refused. */
  cancelled: string[];
  checkedIn: number;
  at: string;
}

/** The fields of a ticket code's payload: `{eventNumber}:{registrationId}:{userId}:{ticketId}`. */
export interface TicketCodeParts {
  eventNumber: string;
  registrationId: string;
  userId: string;
  ticketId: string;
  payload: Uint8Array<ArrayBuffer>;
  signature: Uint8Array<ArrayBuffer>;
}

export function toBase64Url(bytes: Uint8Array): string {
  let s = "";
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

export function fromBase64Url(text: string): Uint8Array<ArrayBuffer> | null {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) return null;
  try {
    const s = atob(text.replaceAll("-", "+").replaceAll("_", "/"));
    return Uint8Array.from(s, (c) => c.charCodeAt(0));
  } catch {
    return null;
  }
}

/** A code's parts, or null when it is not `{payload}.{signature}` with four payload fields. */
export function readTicketCode(code: string): TicketCodeParts | null {
  const [p, s, ...rest] = code.trim().split(".");
  if (!p || !s || rest.length) return null;
  const payload = fromBase64Url(p);
  const signature = fromBase64Url(s);
  if (!payload || signature?.length !== 64) return null;
  const fields = new TextDecoder().decode(payload).split(":");
  if (fields.length !== 4 || fields.some((f) => !f)) return null;
  const [eventNumber, registrationId, userId, ticketId] = fields;
  return { eventNumber, registrationId, userId, ticketId, payload, signature };
}

/** What a scan's status says on screen and in the API's refusals. */
export function scanMessage(result: Pick<ScanResult, "status" | "person" | "checkedInAt" | "by">) {
  const M = CHECK_IN_MESSAGES;
  switch (result.status) {
    case "checked-in":
      return M.checkedIn(
        result.person ? `${result.person.firstName} ${result.person.lastName}` : "",
      );
    case "already":
      return M.already(result.checkedInAt ?? "", result.by ?? "");
    case "cancelled":
      return M.cancelled;
    case "wrong-event":
      return M.notThisEvent;
    case "unknown":
      return M.noSuchCode;
    default:
      return M.invalid;
  }
}
