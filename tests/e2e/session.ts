import path from "node:path";
import SQLite from "better-sqlite3";
import type { BrowserContext } from "@playwright/test";
import { newId, newToken, sha256 } from "#server/lib/crypto";

/** The e2e server's SQLite file. */
export const dbFile = () => path.join(process.env.E2E_DATA_DIR!, "utsav.db");

/**
 * Signs a browser context in as a fresh verified user by writing the user and a session straight
 * into the e2e server's SQLite file. For specs that are not about accounts; the accounts specs
 * sign in through the real forms.
 */
export async function loginAs(
  context: BrowserContext,
  baseURL: string,
  overrides: { firstName?: string; lastName?: string; collegeName?: string; email?: string } = {},
): Promise<{ id: string; email: string; firstName: string; lastName: string }> {
  const id = newId();
  const user = {
    id,
    email: overrides.email ?? `e2e.${id}@example.com`,
    firstName: overrides.firstName ?? "Asha",
    lastName: overrides.lastName ?? "Verma",
    collegeName: overrides.collegeName ?? "IIT Delhi",
  };
  insertUser(user);
  await signInAs(context, baseURL, id);
  return user;
}

/**
 * Writes a verified user straight into the e2e server's SQLite file: with a password hash when
 * the test logs in through the form, and without the profile's details when `profile` is false.
 */
export function insertUser(user: {
  id: string;
  email: string;
  passwordHash?: string;
  firstName?: string;
  lastName?: string;
  collegeName?: string;
  profile?: boolean;
}): void {
  const withProfile = user.profile !== false;
  const detail = (value: string) => (withProfile ? value : null);
  const now = new Date().toISOString();
  const db = new SQLite(dbFile());
  db.pragma("busy_timeout = 5000");
  db.prepare(
    `insert into users (id, email, passwordHash, emailVerifiedAt, firstName, lastName, gender, course,
       courseSpecialisation, collegeName, location, profileImg, googleSub, createdAt, updatedAt)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, null, null, ?, ?)`,
  ).run(
    user.id,
    user.email,
    user.passwordHash ?? null,
    now,
    user.firstName ?? "Asha",
    user.lastName ?? "Verma",
    detail("female"),
    detail("B.Tech"),
    detail("Computer Science"),
    withProfile ? (user.collegeName ?? "IIT Delhi") : null,
    detail("New Delhi"),
    now,
    now,
  );
  db.close();
}

/** Signs a browser context in as an existing user by inserting a session for them. */
export async function signInAs(
  context: BrowserContext,
  baseURL: string,
  userId: string,
): Promise<void> {
  const db = new SQLite(dbFile());
  db.pragma("busy_timeout = 5000");
  const token = newToken();
  const now = new Date();
  db.prepare(
    `insert into sessions (tokenHash, userId, expiresAt, createdAt) values (?, ?, ?, ?)`,
  ).run(
    sha256(token),
    userId,
    new Date(now.getTime() + 86_400_000).toISOString(),
    now.toISOString(),
  );
  db.close();
  await context.addCookies([
    { name: "utsav_session", value: token, url: baseURL, httpOnly: true, sameSite: "Lax" },
  ]);
}
