import type { NewEvent, UserRow } from "#server/db/schema";
import type { TestApi } from "./api";
import { createUserWithSession } from "./users";

/** Registration details as a form sends them (SPEC-2 §1). */
export const DETAILS = { phone: "9876543210", collegeName: "IIT Delhi", course: "B.Tech" } as const;

let counter = 0;

/**
 * A published event straight in the database (the hosting tests cover the steps), open for
 * registration around the test clock's now unless told otherwise. Returns its number.
 */
export async function publishedEvent(
  t: TestApi,
  madeBy: string,
  overrides: Partial<NewEvent> = {},
): Promise<string> {
  const now = t.clock.now().getTime();
  const day = 86_400_000;
  const eventNumber = overrides.eventNumber ?? String(70000 + (++counter % 20000));
  await t.db
    .insertInto("events")
    .values({
      eventNumber,
      madeBy,
      status: "active",
      version: 1,
      eventType: "Hackathon & Coding Challenges",
      eventName: "Code Sprint",
      organisationName: "IIT Delhi",
      modeOfEvent: "Online",
      participationType: "individual",
      startDate: new Date(now - day).toISOString(),
      endDate: new Date(now + 5 * day).toISOString(),
      createdAt: new Date(now).toISOString(),
      updatedAt: new Date(now).toISOString(),
      publishedAt: new Date(now).toISOString(),
      ...overrides,
    })
    .execute();
  return eventNumber;
}

export const teamEvent = (minTeam = 2, maxTeam = 3): Partial<NewEvent> => ({
  participationType: "team",
  minTeam,
  maxTeam,
});

/** Signed-in people, named so their order shows in assertions. */
export async function people(
  t: TestApi,
  n: number,
  prefix = "P",
): Promise<{ user: UserRow; cookie: string }[]> {
  const out = [];
  for (let i = 0; i < n; i++)
    out.push(await createUserWithSession(t.deps, { firstName: `${prefix}${i}`, lastName: "Rao" }));
  return out;
}

/** POSTs JSON as someone; GETs when no body. */
export function as(t: TestApi, cookie: string) {
  return {
    post: (path: string, json: unknown = {}) => t.request(path, { method: "POST", json, cookie }),
    get: (path: string) => t.request(path, { cookie }),
  };
}
