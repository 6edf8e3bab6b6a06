import path from "node:path";
import { connectDb } from "#server/db/connect";
import { SHOWCASE_FESTIVAL, SHOWCASE_NAME, seedEvents } from "#server/db/seed";
import { systemClock } from "#server/lib/clock";
import { localStorage } from "#server/storage/storage";
import { dbFile } from "./session";
import { newUserRow } from "#server/services/accounts/new-user-row";

export const E2E_CREATOR_ID = "e2e-discovery-creator";
export const E2E_CREATOR_EMAIL = "organiser.e2e@utsav.local";
export const E2E_EVENT_COUNT = 36;

export interface SeededDiscovery {
  creatorId: string;
  showcase: { eventNumber: string; eventName: string; festivalName: string };
  draft: { eventNumber: string; eventName: string };
}

/**
 * Seeds the e2e server's database once per run with a known creator, a fully filled showcase
 * event, a few dozen varied events and a draft. Both projects' workers call it: the first to
 * insert the creator seeds, the others wait for its events.
 */
export async function seedDiscovery(): Promise<SeededDiscovery> {
  const db = connectDb({ sqlitePath: dbFile() });
  try {
    const now = new Date().toISOString();
    const claimed = await db
      .insertInto("users")
      .values(
        newUserRow(now, {
          id: E2E_CREATOR_ID,
          email: E2E_CREATOR_EMAIL,
          emailVerifiedAt: now,
          firstName: "Esha",
          lastName: "Organiser",
          gender: "female",
          course: "Others",
          courseSpecialisation: "Events",
          collegeName: "IIT Kanpur",
          location: "Kanpur",
        }),
      )
      .onConflict((oc) => oc.column("id").doNothing())
      .executeTakeFirst();
    if (Number(claimed.numInsertedOrUpdatedRows ?? 0) > 0) {
      await seedEvents(
        {
          db,
          clock: systemClock,
          storage: localStorage(path.join(process.env.E2E_DATA_DIR!, "uploads")),
        },
        { count: E2E_EVENT_COUNT, drafts: 1, creatorEmail: E2E_CREATOR_EMAIL, seed: 4242 },
      );
    }
    const deadline = Date.now() + 20_000;
    for (;;) {
      const rows = await db
        .selectFrom("events")
        .select(["eventNumber", "eventName", "status", "festivalName"])
        .where("madeBy", "=", E2E_CREATOR_ID)
        .execute();
      const showcase = rows.find((r) => r.festivalName === SHOWCASE_FESTIVAL);
      const draft = rows.find((r) => r.status === "draft");
      if (showcase && draft && rows.length >= E2E_EVENT_COUNT + 1) {
        return {
          creatorId: E2E_CREATOR_ID,
          showcase: {
            eventNumber: showcase.eventNumber,
            eventName: SHOWCASE_NAME,
            festivalName: SHOWCASE_FESTIVAL,
          },
          draft: { eventNumber: draft.eventNumber, eventName: draft.eventName ?? "" },
        };
      }
      if (Date.now() > deadline) throw new Error("The discovery seed did not appear");
      await new Promise((r) => setTimeout(r, 200));
    }
  } finally {
    await db.destroy();
  }
}

/** Feedback rows of a user, to check what the server stored. */
export async function feedbackOf(userId: string) {
  const db = connectDb({ sqlitePath: dbFile() });
  try {
    return await db.selectFrom("feedback").selectAll().where("userId", "=", userId).execute();
  } finally {
    await db.destroy();
  }
}
