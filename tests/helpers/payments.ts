import type { NewEvent } from "#server/db/schema";
import { runOneJob } from "#server/jobs/jobs";
import { jobHandlers } from "#server/jobs/handlers";
import type { TestApi } from "./api";
import { as, publishedEvent } from "./registration";

/** A paid event's fee fields: ₹299 to a club's UPI ID, places held for an hour. */
export const PAID = {
  fee: 299,
  upiId: "fest.club@okaxis",
  payeeName: "Cultural Club IITD",
} as const satisfies Partial<NewEvent>;

/** A published event open for registration that charges ₹299 (or what `overrides` say). */
export function paidEvent(t: TestApi, madeBy: string, overrides: Partial<NewEvent> = {}) {
  return publishedEvent(t, madeBy, { ...PAID, ...overrides });
}

/** Runs every due job (payment expiries among them) with the server's handlers. */
export async function runDueJobs(t: TestApi): Promise<number> {
  let n = 0;
  while (await runOneJob(t.db, t.clock, jobHandlers(t.deps))) n++;
  return n;
}

/** The caller's payment for an event (GET /event/{n}/payment), as JSON, with its status code. */
export async function paymentOf(t: TestApi, cookie: string, n: string) {
  const res = await as(t, cookie).get(`/event/${n}/payment`);
  return { status: res.status, body: await res.json() };
}

/** A claim with a UTR, as JSON. */
export function claim(t: TestApi, cookie: string, n: string, utr: string) {
  return as(t, cookie).post(`/event/${n}/payment/claim`, { utr });
}

/** A claim sent as multipart, with a file as the screenshot. */
export function claimWithFile(
  t: TestApi,
  cookie: string,
  n: string,
  utr: string,
  file: { bytes: Uint8Array<ArrayBuffer>; type: string; name: string },
) {
  const form = new FormData();
  form.set("utr", utr);
  form.set("screenshot", new File([file.bytes], file.name, { type: file.type }));
  return t.request(`/event/${n}/payment/claim`, { method: "POST", body: form, cookie });
}

/** The event's row as stored (count, fees). */
export function eventRow(t: TestApi, n: string) {
  return t.db
    .selectFrom("events")
    .selectAll()
    .where("eventNumber", "=", n)
    .executeTakeFirstOrThrow();
}
