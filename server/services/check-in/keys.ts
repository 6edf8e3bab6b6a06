import {
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  type KeyObject,
  sign,
  verify,
} from "node:crypto";
import { toBase64Url } from "#server/contracts/check-in";
import type { Db } from "#server/db/connect";

/** An event's key pair, ready to sign and verify; `publicKey` is the raw 32 bytes, base64url. */
export interface EventKeys {
  publicKey: string;
  privateKey: KeyObject;
  verifyKey: KeyObject;
}

// Parsed keys per database and event: parsing PKCS#8 on every scan would cost more than the scan.
const parsed = new WeakMap<Db, Map<number, EventKeys>>();

function toKeys(row: { publicKey: string; privateKey: string }): EventKeys {
  return {
    publicKey: row.publicKey,
    privateKey: createPrivateKey({
      key: Buffer.from(row.privateKey, "base64"),
      format: "der",
      type: "pkcs8",
    }),
    verifyKey: createPublicKey({
      key: { kty: "OKP", crv: "Ed25519", x: row.publicKey },
      format: "jwk",
    }),
  };
}

/**
 * The event's Ed25519 key pair, made on first use with node:crypto. Two first uses at once both
 * insert; the table's key keeps the first and both read it back.
 */
export async function eventKeys(db: Db, eventId: number, now: string): Promise<EventKeys> {
  const byEvent = parsed.get(db) ?? new Map<number, EventKeys>();
  parsed.set(db, byEvent);
  const known = byEvent.get(eventId);
  if (known) return known;
  let row = await db
    .selectFrom("eventKeys")
    .select(["publicKey", "privateKey"])
    .where("eventId", "=", eventId)
    .executeTakeFirst();
  if (!row) {
    const pair = generateKeyPairSync("ed25519");
    const jwk = pair.publicKey.export({ format: "jwk" });
    await db
      .insertInto("eventKeys")
      .values({
        eventId,
        publicKey: String(jwk.x),
        privateKey: pair.privateKey.export({ format: "der", type: "pkcs8" }).toString("base64"),
        createdAt: now,
      })
      .onConflict((oc) => oc.column("eventId").doNothing())
      .execute();
    row = await db
      .selectFrom("eventKeys")
      .select(["publicKey", "privateKey"])
      .where("eventId", "=", eventId)
      .executeTakeFirstOrThrow();
  }
  const keys = toKeys(row);
  byEvent.set(eventId, keys);
  return keys;
}

/** `{payload}.{signature}`: the payload's UTF-8 bytes signed with the event's private key. */
export function signTicket(keys: EventKeys, payload: string): string {
  const bytes = Buffer.from(payload, "utf8");
  return `${toBase64Url(bytes)}.${toBase64Url(sign(null, bytes, keys.privateKey))}`;
}

export function verifyTicket(keys: EventKeys, payload: Uint8Array, signature: Uint8Array): boolean {
  return verify(null, payload, keys.verifyKey, signature);
}
