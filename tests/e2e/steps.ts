import fs from "node:fs";
import path from "node:path";
import type { APIRequestContext, Page } from "@playwright/test";
import { toISTInput } from "#server/contracts/dates";
import { expect, type Mailbox } from "./fixtures";

/**
 * Steps several specs take the same way: files to pick, a draft event made through the API, the
 * sign-up form, the red banner, screenshots to look at.
 */

/** A file of tests/fixtures as `setInputFiles` and a multipart body take it. */
export function testFile(name: string, mimeType = mimeTypeOf(name)) {
  return { name, mimeType, buffer: fs.readFileSync(path.resolve("tests/fixtures", name)) };
}

function mimeTypeOf(name: string): string {
  if (name.endsWith(".pdf")) return "application/pdf";
  return "image/png";
}

/** A five-digit event number; taken ones answer 409 and the caller tries another. */
export const randomEventNumber = () => String(10000 + Math.floor(Math.random() * 90000));

/**
 * A draft (step 1) made through the API with the page's own session, under a free event number.
 * `about` is sent as step 1's About; `ready` fills step 2 and the banner too (all but publishing).
 */
export async function createDraft(
  request: APIRequestContext,
  options: {
    type?: string;
    about?: string;
    ready?: boolean;
    endDate?: string;
    /** Hosted under this organisation (SPEC-4 §4; the caller must run it). */
    orgHandle?: string;
  } = {},
): Promise<string> {
  for (;;) {
    const n = randomEventNumber();
    const res = await request.post(`/api/v1/event/create/${n}/step1`, {
      multipart: {
        eventType: options.type ?? "Fest",
        eventName: "Spring Fest",
        organisationName: "IIT Delhi",
        modeOfEvent: "Online",
        ...(options.about === undefined ? {} : { aboutEvent: options.about }),
        ...(options.orgHandle === undefined ? {} : { orgHandle: options.orgHandle }),
        eventLogo: testFile("logo.png"),
      },
    });
    if (res.status() === 409) continue;
    expect(res.status()).toBe(200);
    if (options.ready) await readyDraft(request, n, options.endDate);
    return n;
  }
}

async function readyDraft(request: APIRequestContext, n: string, endDate = "2099-01-01T10:00") {
  const step2 = await request.post(`/api/v1/event/create/${n}/step2`, {
    data: {
      participationType: "individual",
      startDate: "2025-01-01T10:00",
      endDate,
      contactDetails: [{ name: "Asha", number: "9876543210" }],
    },
  });
  expect(step2.status()).toBe(200);
  const withBanner = await request.post(`/api/v1/event/create/${n}/step3/eventBanner`, {
    multipart: { eventBanner: testFile("banner.png") },
  });
  expect(withBanner.status()).toBe(200);
}

/** `days` from now at `hour`:00 India time, as a datetime-local input takes it. */
export function inDays(days: number, hour = 10): string {
  const d = new Date(Date.now() + days * 86_400_000);
  return `${toISTInput(d.toISOString()).slice(0, 10)}T${String(hour).padStart(2, "0")}:00`;
}

/** The event as the API's details endpoint answers it. */
export async function eventDetails(request: APIRequestContext, n: string) {
  const res = await request.get(`/api/v1/event/details/${n}`);
  expect(res.status()).toBe(200);
  return (await res.json()) as Record<string, unknown>;
}

/** The toast: the green or red banner at the top of the page. */
export const banner = (page: Page) => page.getByTestId("toast");

/** The red banner says `message`, then closes by itself (3 s, a CSS animation even without JS). */
export async function expectBannerThatCloses(page: Page, message: string | RegExp) {
  const red = banner(page).filter({ hasText: message });
  await expect(red).toBeVisible();
  await expect(red).toHaveAttribute("role", "alert");
  await expect(page.getByTestId("form-error")).toHaveCount(0);
  await expect(red).toBeHidden({ timeout: 6000 });
}

/** Fills the sign-up form with a first name, e-mail and password, and sees it accepted. */
export async function signUp(
  page: Page,
  user: { firstName: string; email: string; password: string },
) {
  await page.goto("/signup");
  await page.getByLabel("First Name").fill(user.firstName);
  await page.getByLabel("Email Address").fill(user.email);
  await page.getByLabel("Password", { exact: true }).fill(user.password);
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page.getByTestId("form-success")).toBeVisible();
}

/** The verification link of the newest "Verify" mail to `email`. */
export async function verifyLinkFor(mailbox: Mailbox, email: string): Promise<string> {
  const link = (await mailbox.latest(email, /Verify/)).links.find((l) => /\/verify\//.test(l));
  expect(link).toBeTruthy();
  return link!;
}
