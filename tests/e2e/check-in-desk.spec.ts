import SQLite from "better-sqlite3";
import { type Browser, chromium, type Page } from "@playwright/test";
import { connectDb } from "#server/db/connect";
import { newId } from "#server/lib/crypto";
import { expect, hydrated, test } from "./fixtures";
import { seedCheckInEvent } from "./check-in-seed";
import { dbFile, insertUser, signInAs } from "./session";
import { shot } from "./shots";

/**
 * Issue 45 at the gate, on a phone (360 px): short codes typed as read aloud, an honest word for
 * a made-up one, 'Undo' for the owner and admins (confirmed first), and with no network the list
 * searched and checked in from the device, synced once when the network returns.
 */
test.use({ viewport: { width: 360, height: 740 } });
test.describe.configure({ timeout: 120_000 });

/** 'ELPT 33PK' as someone reads it out: lower case, a space in the middle. */
const spoken = (code: string) => `${code.slice(0, 4)} ${code.slice(4)}`.toLowerCase();

/** Each person's short code, as their ticket page shows it. */
async function shortCodes(
  browser: Browser,
  baseURL: string,
  eventNumber: string,
  people: { id: string }[],
) {
  const codes: string[] = [];
  for (const p of people) {
    const c = await browser.newContext();
    await signInAs(c, baseURL, p.id);
    const res = await c.request.get(`${baseURL}/api/v1/event/${eventNumber}/ticket`);
    codes.push((await res.json()).shortCode);
    await c.close();
  }
  return codes;
}

/** The check-in rows of the event, with how many there are per person. */
async function checkedIn(eventNumber: string) {
  const db = connectDb({ sqlitePath: dbFile() });
  try {
    return await db
      .selectFrom("checkIns as c")
      .innerJoin("events as e", "e.id", "c.eventId")
      .innerJoin("users as u", "u.id", "c.userId")
      .select("u.firstName")
      .where("e.eventNumber", "=", eventNumber)
      .orderBy("u.firstName")
      .execute();
  } finally {
    await db.destroy();
  }
}

function addVolunteer(eventNumber: string): string {
  const id = newId();
  insertUser({ id, email: `vani.${id}@example.com`, firstName: "Vani" });
  const db = new SQLite(dbFile());
  db.pragma("busy_timeout = 5000");
  const event = db.prepare("select id from events where eventNumber = ?").get(eventNumber) as {
    id: number;
  };
  db.prepare(
    "insert into eventOrganisers (eventId, userId, role, joinedAt) values (?, ?, ?, ?)",
  ).run(event.id, id, "volunteer", new Date().toISOString());
  db.close();
  return id;
}

async function closeResult(page: Page, jsEnabled: boolean) {
  if (jsEnabled) await page.getByTestId("scan-result").click();
}

test("a short code read aloud ('elpt 33pk', 'ELPT-33PK') checks in; a made-up one says no ticket has it", async ({
  page,
  browser,
  baseURL,
  jsEnabled,
  organiser: org,
}) => {
  const { eventNumber, people } = await seedCheckInEvent(org.id, ["Anil"]);
  const [anil] = await shortCodes(browser, baseURL!, eventNumber, people);
  await page.goto(`/my/event/${eventNumber}/check-in`);
  await hydrated(page, jsEnabled);
  const code = page.getByTestId("ticket-code");
  const result = page.getByTestId("scan-result");
  await code.fill(spoken(anil));
  await code.press("Enter");
  await expect(result).toHaveText("Checked in: Anil Gate");
  await closeResult(page, jsEnabled);
  await code.fill(`${anil.slice(0, 4)}-${anil.slice(4)}`);
  await code.press("Enter");
  await expect(result).toHaveText(/^Already checked in at \d\d:\d\d by Orla$/);
  await closeResult(page, jsEnabled);
  const madeUp = anil.startsWith("ZZ") ? "YYYY YYYY" : "ZZZZ ZZZZ";
  await code.fill(madeUp);
  await code.press("Enter");
  await expect(result).toHaveText("No ticket has this code");
  await expect(result).toHaveAttribute("data-tone", "bad");
  await shot(page, "check-in-made-up-code", jsEnabled);
  expect(await checkedIn(eventNumber)).toEqual([{ firstName: "Anil" }]);
});

test("the owner undoes a check-in after a confirmation step; a volunteer has no 'Undo'", async ({
  page,
  context,
  baseURL,
  jsEnabled,
  organiser: org,
}) => {
  const { eventNumber } = await seedCheckInEvent(org.id, ["Anil"]);
  await page.goto(`/my/event/${eventNumber}/check-in`);
  await hydrated(page, jsEnabled);
  await page.getByTestId("person").getByRole("button", { name: "Check in" }).click();
  await expect(page.getByTestId("scan-result")).toHaveText("Checked in: Anil Gate");
  await closeResult(page, jsEnabled);
  await expect(page.getByTestId("progress")).toHaveText("Checked in 1 of 1");

  await expect(page.getByTestId("undo")).toBeVisible();
  await shot(page, "check-in-row-undo", jsEnabled);
  // Cancel leaves everything as it was.
  await page.getByTestId("undo").click();
  await expect(page.getByTestId("confirm-step")).toContainText("Undo the check-in of Anil Gate?");
  await shot(page, "check-in-undo-confirm", jsEnabled);
  await page.getByTestId("cancel").click();
  await expect(page.getByTestId("progress")).toHaveText("Checked in 1 of 1");
  expect(await checkedIn(eventNumber)).toEqual([{ firstName: "Anil" }]);

  await page.getByTestId("undo").click();
  await page.getByTestId("confirm").click();
  await expect(page.getByTestId("scan-result")).toHaveText("Check-in undone: Anil Gate");
  await shot(page, "check-in-undone", jsEnabled);
  await closeResult(page, jsEnabled);
  await expect(page.getByTestId("progress")).toHaveText("Checked in 0 of 1");
  await expect(page.getByTestId("person").getByRole("button", { name: "Check in" })).toBeVisible();
  expect(await checkedIn(eventNumber)).toEqual([]);

  // A volunteer checks in, and sees no 'Undo'.
  await context.clearCookies();
  await signInAs(context, baseURL!, addVolunteer(eventNumber));
  await page.goto(`/my/event/${eventNumber}/check-in`);
  await hydrated(page, jsEnabled);
  await page.getByTestId("person").getByRole("button", { name: "Check in" }).click();
  await expect(page.getByTestId("scan-result")).toHaveText("Checked in: Anil Gate");
  await closeResult(page, jsEnabled);
  await expect(page.getByTestId("person")).toContainText("In at");
  await expect(page.getByTestId("undo")).toHaveCount(0);
});

test("offline: the search answers from the device, a typed short code and the list's 'Check in' queue, then sync once", async ({
  browser,
  baseURL,
  jsEnabled,
  launchOptions,
  organiser: org,
}) => {
  test.skip(!jsEnabled, "Without JavaScript there is no offline page: nothing runs on the device");
  const { eventNumber, people } = await seedCheckInEvent(org.id, [
    "Anil",
    "Bela",
    "Chandra",
    "Dev",
  ]);
  const [anil] = await shortCodes(browser, baseURL!, eventNumber, people);
  // A fake camera, so the scanner is on screen and can be seen to stay there.
  const camera = await chromium.launch({
    executablePath: launchOptions.executablePath,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--use-fake-ui-for-media-stream",
      "--use-fake-device-for-media-stream",
    ],
  });
  try {
    const gate = await camera.newContext({
      baseURL,
      permissions: ["camera"],
      viewport: { width: 360, height: 740 },
      serviceWorkers: "block",
    });
    await signInAs(gate, baseURL!, org.id);
    const page = await gate.newPage();
    await page.goto(`/my/event/${eventNumber}/check-in`);
    await hydrated(page, true);
    await expect(page.getByTestId("camera")).toBeVisible();
    await expect(page.getByTestId("progress")).toHaveText("Checked in 0 of 4");
    // Dev is checked in online: the device's list knows it once the network goes.
    const search = page.getByTestId("search");
    const result = page.getByTestId("scan-result");
    await search.fill("dev");
    await search.press("Enter");
    await expect(page.getByTestId("person")).toHaveCount(1);
    await page.getByTestId("person").getByRole("button", { name: "Check in" }).click();
    await expect(result).toHaveText("Checked in: Dev Gate");
    await result.click();
    await expect(page.getByTestId("progress")).toHaveText("Checked in 1 of 4");

    await gate.setOffline(true);
    await search.fill("bela");
    await search.press("Enter");
    await expect(page.getByTestId("offline-list")).toHaveText(
      "Offline: searching the list kept on this device",
    );
    await expect(page.getByTestId("person")).toHaveCount(1);
    await expect(page.getByTestId("person")).toContainText("Bela Gate");
    await expect(page.getByTestId("camera")).toBeVisible();

    // The list's 'Check in', with no network.
    await page.getByTestId("person").getByRole("button", { name: "Check in" }).click();
    await expect(result).toHaveText("Checked in: Bela Gate");
    await result.click();
    await expect(page.getByTestId("waiting")).toHaveText("Offline: 1 scans waiting");
    await expect(page.getByTestId("person")).toContainText("In at");

    // A short code typed as read aloud, with no network; then again: already.
    const code = page.getByTestId("ticket-code");
    await code.fill(spoken(anil));
    await code.press("Enter");
    await expect(result).toHaveText("Checked in: Anil Gate");
    await result.click();
    await code.fill(anil);
    await code.press("Enter");
    await expect(result).toHaveText(/^Already checked in at \d\d:\d\d by Orla$/);
    await result.click();
    await code.fill(anil.startsWith("ZZ") ? "YYYYYYYY" : "ZZZZZZZZ");
    await code.press("Enter");
    await expect(result).toHaveText(
      "This code is not on this device's list: scan the QR code or find them by name",
    );
    await result.click();
    await expect(page.getByTestId("waiting")).toHaveText("Offline: 2 scans waiting");
    await search.fill("");
    await search.press("Enter");
    await expect(page.getByTestId("person")).toHaveCount(4);
    await expect(page.getByTestId("progress")).toHaveText("Checked in 3 of 4");
    await expect(page.getByTestId("person").filter({ hasText: "Dev Gate" })).toContainText("In at");
    await shot(page, "check-in-offline", true);
    expect(await checkedIn(eventNumber)).toEqual([{ firstName: "Dev" }]);

    // The network returns: synced once, and the page works online again.
    await gate.setOffline(false);
    await expect(page.getByTestId("waiting")).toHaveCount(0, { timeout: 20_000 });
    expect(await checkedIn(eventNumber)).toEqual([
      { firstName: "Anil" },
      { firstName: "Bela" },
      { firstName: "Dev" },
    ]);
    await search.fill("chandra");
    await search.press("Enter");
    await expect(page.getByTestId("offline-list")).toHaveCount(0);
    await expect(page.getByTestId("person")).toHaveCount(1);
    await page.getByTestId("person").getByRole("button", { name: "Check in" }).click();
    await expect(result).toHaveText("Checked in: Chandra Gate");
    await expect(page.getByTestId("camera")).toBeVisible();
    // A reload syncs nothing more: each queued check-in went exactly once.
    await page.reload();
    await hydrated(page, true);
    await expect(page.getByTestId("progress")).toHaveText("Checked in 4 of 4");
    expect(await checkedIn(eventNumber)).toEqual([
      { firstName: "Anil" },
      { firstName: "Bela" },
      { firstName: "Chandra" },
      { firstName: "Dev" },
    ]);
    await gate.close();
  } finally {
    await camera.close();
  }
});
