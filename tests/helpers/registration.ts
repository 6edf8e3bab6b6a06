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
  const eventNumber = overrides.eventNumber ?? String(70000 + (++counter % 20000));
  const row = openEventRow(t.clock.now().getTime(), madeBy, eventNumber, "Code Sprint");
  await t.db
    .insertInto("events")
    .values({ ...row, ...overrides })
    .execute();
  return eventNumber;
}

/**
 * A published individual online hackathon's row, registration open from a day before `now` to
 * five days after: what the registration tests (API and e2e) start from.
 */
export function openEventRow(now: number, madeBy: string, eventNumber: string, eventName: string) {
  const day = 86_400_000;
  const iso = new Date(now).toISOString();
  return {
    eventNumber,
    madeBy,
    status: "active" as const,
    version: 1,
    eventType: "Hackathon & Coding Challenges",
    eventName,
    organisationName: "IIT Delhi",
    modeOfEvent: "Online",
    participationType: "individual",
    startDate: new Date(now - day).toISOString(),
    endDate: new Date(now + 5 * day).toISOString(),
    createdAt: iso,
    updatedAt: iso,
    publishedAt: iso,
  };
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
