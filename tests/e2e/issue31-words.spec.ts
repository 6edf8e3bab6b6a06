import SQLite from "better-sqlite3";
import { newId } from "#server/lib/crypto";
import { hashPassword } from "#server/services/accounts/auth-passwords";
import { expect, test, uniqueEmail, signedInTest } from "./fixtures";
import { registerUsers, seedRegistrationEvent, teamEvent } from "./registration-seed";
import { dbFile } from "./session";
import { shot } from "./shots";

/**
 * Issue 31, "Words and layout": what a new user read wrong on the event, registration, hosting
 * and organiser pages, JavaScript on and off. With SHOTS=dir set, each page is also saved as a
 * screenshot at 360 and 1366 px to look at.
 */
const DAY = 86_400_000;
const at = (days: number) => new Date(Date.now() + days * DAY).toISOString();

/** Registers e2e users straight in the database (a team when `teamName` is given). */
const registerIn = (eventNumber: string, userIds: string[], teamName?: string) =>
  registerUsers(eventNumber, userIds, { teamName });

test("Save pressed signed out is done after logging in", async ({ page, jsEnabled }) => {
  const { eventNumber, eventName } = seedRegistrationEvent();
  const email = uniqueEmail("saver");
  const db = new SQLite(dbFile());
  const now = new Date().toISOString();
  db.prepare(
    `insert into users (id, email, passwordHash, emailVerifiedAt, firstName, createdAt, updatedAt)
     values (?, ?, ?, ?, 'Asha', ?, ?)`,
  ).run(newId(), email, await hashPassword("correcthorse1"), now, now, now);
  db.close();

  await page.goto(`/event/${eventNumber}`);
  await page.getByTestId("save-toggle").click();
  await expect(page).toHaveURL(/\/login\?redirectTo=/);
  await page.getByLabel("Email Address").fill(email);
  await page.getByLabel("Password", { exact: true }).fill("correcthorse1");
  await page.getByRole("button", { name: "Get started" }).click();
  if (!jsEnabled) {
    // Without JavaScript a GET cannot save: one button does, and says why it is there.
    await expect(page.getByTestId("save-after-login")).toContainText("before logging in");
    await shot(page, "save-after-login", jsEnabled);
    await page.getByRole("button", { name: "Save event" }).click();
  }
  await expect(page).toHaveURL(new RegExp(`/event/${eventNumber}#save-${eventNumber}$`));
  await expect(page.getByTestId("toast")).toContainText("Event saved");
  await expect(page.getByTestId("save-toggle")).toHaveAttribute("aria-pressed", "true");
  await page.goto("/my/saved");
  await expect(page.getByText(eventName)).toBeVisible();
});

signedInTest("a toast on a phone leaves the page title readable", async ({ page, jsEnabled }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const { eventNumber } = seedRegistrationEvent();
  // The save page's form posts (by itself with JavaScript) and comes back with a toast.
  await page.goto(`/event/${eventNumber}/save?then=${encodeURIComponent(`/event/${eventNumber}`)}`);
  if (!jsEnabled) await page.getByRole("button", { name: "Save event" }).click();
  const toast = page.getByTestId("toast");
  await expect(toast).toContainText("Event saved");
  await page.evaluate(() => window.scrollTo(0, 0));
  const t = (await toast.boundingBox())!;
  const h1 = (await page.getByRole("heading", { level: 1 }).boundingBox())!;
  const overlaps = t.y < h1.y + h1.height && h1.y < t.y + t.height;
  expect(overlaps, `toast ${JSON.stringify(t)} over the title ${JSON.stringify(h1)}`).toBe(false);
});

signedInTest(
  "event page words after registration closes, and the website note",
  async ({ page, jsEnabled, me }) => {
    const rounds = JSON.stringify([
      {
        title: "Prelims",
        description: "Online quiz",
        startDate: at(-0.5),
        endDate: at(-0.4),
        isEliminatorRound: "true",
      },
      {
        title: "Finale",
        description: "On stage",
        startDate: "2030-12-03T06:30:00.000Z",
        endDate: "2030-12-03T10:30:00.000Z",
        isEliminatorRound: "false",
      },
    ]);
    const { eventNumber } = seedRegistrationEvent({
      ...teamEvent,
      startDate: at(-5),
      endDate: at(-1),
      rounds,
      eventWebsite: "https://example.org/fest",
    });
    await registerIn(eventNumber, [me.id], "Late Owls");
    await page.goto(`/event/${eventNumber}`);
    await expect(page.getByTestId("expired-badge")).toHaveText("Expired");
    await expect(page.getByTestId("next-round")).toHaveText("Next: Finale on 3 Dec");
    // Nobody can join a team once registration closed: no invite link to copy.
    await expect(page.getByTestId("team-card")).toBeVisible();
    await expect(page.getByText("Copy invite link")).toHaveCount(0);
    await expect(page.getByText(/Invite link:/)).toHaveCount(0);
    // Registration happens here: the website is for details only.
    await expect(page.locator("#website")).toContainText("Visit the website for more details.");
    await expect(page.locator("#website")).not.toContainText("and registration");
    await shot(page, "event-closed", jsEnabled);

    await page.goto("/my/registrations");
    await expect(page.getByTestId("closes")).toHaveText("Registration closed");
    await expect(page.getByTestId("next-round")).toHaveText("Next: Finale on 3 Dec");
  },
);

signedInTest(
  "registered people read when registration closes, not time left to register",
  async ({ page, jsEnabled, me }) => {
    const { eventNumber } = seedRegistrationEvent({ endDate: at(6.5) });
    await registerIn(eventNumber, [me.id]);
    await page.goto("/my/registrations");
    await expect(page.getByTestId("closes")).toHaveText("Registration closes in 6 days");
    await expect(page.getByText("to register")).toHaveCount(0);
    await shot(page, "my-registrations", jsEnabled);

    // The calendar feed holds registered events too, and says so.
    await page.goto("/profile");
    await expect(page.locator("#calendar")).toContainText(
      "every event you saved or registered for",
    );
  },
);
