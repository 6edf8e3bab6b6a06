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
  const db = new SQLite(dbFile());
  db.pragma("busy_timeout = 5000");
  const id = newId();
  const now = new Date().toISOString();
  const user = {
    id,
    email: overrides.email ?? `e2e.${id}@example.com`,
    firstName: overrides.firstName ?? "Asha",
    lastName: overrides.lastName ?? "Verma",
    collegeName: overrides.collegeName ?? "IIT Delhi",
  };
  db.prepare(
    `insert into users (id, email, passwordHash, emailVerifiedAt, firstName, lastName, gender, course,
       courseSpecialisation, collegeName, location, profileImg, googleSub, createdAt, updatedAt)
     values (?, ?, null, ?, ?, ?, 'female', 'B.Tech', 'Computer Science', ?, 'New Delhi', null, null, ?, ?)`,
  ).run(id, user.email, now, user.firstName, user.lastName, user.collegeName, now, now);
  db.close();
  await signInAs(context, baseURL, id);
  return user;
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
