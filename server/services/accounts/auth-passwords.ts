import { hash, verify } from "@node-rs/argon2";

/**
 * Passwords are stored as argon2id PHC strings (the library's default algorithm, with its
 * OWASP-level memory and time costs), never in any other form.
 */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    // A malformed stored hash is a wrong password, not a crash.
    return false;
  }
}

let dummyHash: Promise<string> | null = null;

/**
 * Spends the same time as a real check when there is no account (or no password) to check, so
 * the answer's timing does not tell which e-mail addresses are registered.
 */
export async function spendPasswordCheck(password: string): Promise<false> {
  dummyHash ??= hashPassword("utsav-timing-equaliser");
  await verifyPassword(await dummyHash, password);
  return false;
}
