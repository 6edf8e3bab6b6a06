import path from "node:path";
import { hash } from "@node-rs/argon2";
import type { Db } from "#server/db/connect";
import { seedEvents } from "#server/db/seed";
import { mailerFor } from "#server/lib/deps";
import { systemClock } from "#server/lib/clock";
import { newId } from "#server/lib/crypto";
import { createSession } from "#server/services/accounts/sessions";
import { readConfig } from "#server/config";
import { localStorage } from "#server/storage/storage";
import { newUserRow } from "#server/services/accounts/new-user-row";

export interface BenchData {
  eventsCount: number;
  eventNumber: string;
  /** A draft owned by the login user, for step saves, and that user's session. */
  draftNumber: string;
  sessionToken: string;
  searchTerm: string;
  searchTerms: string[];
  loginEmail: string;
  loginPassword: string;
  userId: string;
}

/** Seeds the benchmark database: N published events and one verified user who can log in. */
export async function prepareBenchData(db: Db, dataDir: string, count: number): Promise<BenchData> {
  const deps = {
    db,
    storage: localStorage(path.join(dataDir, "uploads")),
    clock: systemClock,
    mail: mailerFor(systemClock),
  };
  const seeded = await seedEvents(deps, { count });
  const loginEmail = "bench.user@example.com";
  const loginPassword = "bench-password-123";
  const now = new Date().toISOString();
  const userId = newId();
  await db
    .insertInto("users")
    .values(
      newUserRow(now, {
        id: userId,
        email: loginEmail,
        passwordHash: await hash(loginPassword),
        emailVerifiedAt: now,
        firstName: "Bench",
        lastName: "User",
        collegeName: "IIT Bombay",
        location: "Mumbai",
      }),
    )
    .execute();
  // A draft of theirs to save steps to, and a session to save with.
  const draftNumber = "999999999";
  await db
    .insertInto("events")
    .values({
      eventNumber: draftNumber,
      madeBy: userId,
      status: "draft",
      version: 1,
      eventType: "Quizzes",
      eventName: "Soak Quiz",
      organisationName: "IIT Bombay",
      modeOfEvent: "Online",
      createdAt: now,
      updatedAt: now,
    })
    .execute();
  const sessionToken = await createSession(
    { db, clock: systemClock, config: readConfig({ NODE_ENV: "test" }) },
    userId,
  );
  return {
    eventsCount: count,
    draftNumber,
    sessionToken,
    eventNumber: seeded.showcase.eventNumber,
    searchTerm: "techfest",
    // Names, festivals, organisations and fragments of them, common and rare, and misses.
    searchTerms: [
      "techfest",
      "hack",
      "IIT",
      "quiz",
      "Mood Indigo",
      "robotics",
      "codestorm",
      "delhi",
      "stephen",
      "zzqx",
      "fest",
      "webinar",
      "pratibimb",
      "design",
    ],
    loginEmail,
    loginPassword,
    userId,
  };
}
