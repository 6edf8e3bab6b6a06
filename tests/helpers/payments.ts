import type { NewEvent } from "#server/db/schema";
import { runOneJob } from "#server/jobs/jobs";
import { jobHandlers } from "#server/jobs/handlers";
import type { TestApi } from "./api";
import { as, DETAILS, people, publishedEvent } from "./registration";

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

let utrCounter = 0;
/** A fresh 12-digit UTR, different each call. */
export function newUtr(): string {
  return String(400_000_000_000 + ++utrCounter * 7919 + Math.floor(Math.random() * 7000));
}

/**
 * `count` people registered for a paid event, each with a payment; with `claimed`, each claimed
 * with a UTR of their own. Answers them with their payment (as registering answered it) and UTR.
 */
export async function heldPlaces(
  t: TestApi,
  n: string,
  count: number,
  opts: { claimed?: boolean; prefix?: string } = {},
) {
  const out = [];
  for (const p of await people(t, count, opts.prefix ?? "Payer")) {
    t.clock.advance(1); // created one after another, as the list orders them
    const reg = await (await as(t, p.cookie).post(`/event/${n}/register`, DETAILS)).json();
    const utr = newUtr();
    if (opts.claimed) {
      const res = await claim(t, p.cookie, n, utr);
      if (res.status !== 200) throw new Error(`claim: ${res.status} ${await res.text()}`);
    }
    out.push({
      ...p,
      payment: reg.payment as { _id: string; reference: string; amount: number },
      utr,
    });
  }
  return out;
}

/** A statement as a bank exports it: a line about the account, the header, then the lines. */
export function statement(lines: [date: string, narration: string, amount: string][]): string {
  const q = (s: string) => `"${s.replace(/"/g, '""')}"`;
  return [
    "Statement of account 50100123456789,,",
    "Date,Narration,Amount",
    ...lines.map(([d, n, a]) => [d, q(n), q(a)].join(",")),
  ].join("\n");
}
