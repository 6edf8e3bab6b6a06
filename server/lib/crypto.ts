import { createHash, randomBytes } from "node:crypto";

/** A 256-bit random token, URL-safe. Only its hash is ever stored. */
export function newToken(): string {
  return randomBytes(32).toString("base64url");
}

export function sha256(value: string): string {
  return createHash("sha256").update(value).digest("hex");
}

/** Public ids for users: 24 hex characters, the shape clients know as `_id`. */
export function newId(): string {
  return randomBytes(12).toString("hex");
}

/** 128 random bits, base64url (22 characters): unguessable public ids such as certificates'. */
export function newPublicId(): string {
  return randomBytes(16).toString("base64url");
}
