import { randomBytes } from "node:crypto";
import type { TicketData } from "#server/contracts/check-in";
import type { NewEvent, UserRow } from "#server/db/schema";
import type { TestApi } from "./api";
import { as, DETAILS, people, publishedEvent } from "./registration";

export type Holder = { user: UserRow; cookie: string; ticket: TicketData };

export const nonce = () => randomBytes(9).toString("base64url");

/** A published event with `n` registered people and their tickets. */
export async function eventWithTickets(
  t: TestApi,
  organiserId: string,
  n: number,
  overrides: Partial<NewEvent> = {},
): Promise<{ eventNumber: string; holders: Holder[] }> {
  const eventNumber = await publishedEvent(t, organiserId, overrides);
  const holders: Holder[] = [];
  for (const p of await people(t, n, "T")) {
    const res = await as(t, p.cookie).post(`/event/${eventNumber}/register`, DETAILS);
    if (res.status !== 201) throw new Error(`register: ${res.status} ${await res.text()}`);
    holders.push({
      ...p,
      ticket: await (await as(t, p.cookie).get(`/event/${eventNumber}/ticket`)).json(),
    });
  }
  return { eventNumber, holders };
}

/** POSTs a scan of `code` as the scanner, with a fresh nonce unless given. */
export function scan(
  t: TestApi,
  cookie: string,
  eventNumber: string,
  body: Record<string, unknown>,
) {
  return as(t, cookie).post(`/event/${eventNumber}/check-in`, { nonce: nonce(), ...body });
}

export async function checkInRows(t: TestApi, eventNumber: string) {
  return t.db
    .selectFrom("checkIns as c")
    .innerJoin("events as e", "e.id", "c.eventId")
    .select(["c.userId", "c.checkedInAt", "c.byUserId"])
    .where("e.eventNumber", "=", eventNumber)
    .orderBy("c.userId")
    .execute();
}
