import type { CreatedAt, Key } from "./column-types";

// Tables of SPEC-3 §5 (tickets and check-in), named in schema.ts's Database.

/** Each event's Ed25519 key pair: the raw public key (base64url) and the PKCS#8 private key. */
export interface EventKeysTable {
  eventId: Key<number>;
  publicKey: string;
  /** PKCS#8 DER, base64: read only by the server to sign tickets. */
  privateKey: string;
  createdAt: CreatedAt;
}

/** A person's ticket: one live (not cancelled) per person and event; cancelled ones stay. */
export interface TicketsTable {
  /** 128 random bits, base64url: the `ticketId` of the signed code. */
  id: Key;
  eventId: Key<number>;
  registrationId: Key;
  userId: Key;
  /** 8 characters of JOIN_CODE_ALPHABET, unique in the event. */
  shortCode: Key;
  createdAt: CreatedAt;
  cancelledAt: string | null;
}

/** One check-in per person and event; the earliest scan's time and scanner. */
export interface CheckInsTable {
  eventId: Key<number>;
  userId: Key;
  checkedInAt: string;
  byUserId: string;
}

/** The first answer to a nonce in an event, returned again to a retry. */
export interface CheckInNoncesTable {
  eventId: Key<number>;
  nonce: Key;
  status: number;
  /** The answer's JSON body. */
  answer: string;
  createdAt: CreatedAt;
}

export interface CheckInDatabase {
  eventKeys: EventKeysTable;
  tickets: TicketsTable;
  checkIns: CheckInsTable;
  checkInNonces: CheckInNoncesTable;
}
