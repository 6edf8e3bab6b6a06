import fs from "node:fs/promises";
import SQLite from "better-sqlite3";
import { newToken } from "#server/lib/crypto";
import { expect, hydrated, test } from "./fixtures";
import { E2E_CREATOR_ID, seedDiscovery } from "./seed";
import { dbFile, loginAs } from "./session";

test.beforeAll(async () => {
  await seedDiscovery();
});

/** A published event with a name no other test uses, straight in the e2e server's database. */
function insertEvent(tag: string) {
  const db = new SQLite(dbFile());
  db.pragma("busy_timeout = 5000");
  const number = String(800000 + Math.floor(Math.random() * 199999));
  const name = `Saved ${tag} ${number}`;
  const now = new Date();
  const iso = (days: number) => new Date(now.getTime() + days * 86_400_000).toISOString();
  db.prepare(
    `insert into events (eventNumber, madeBy, status, version, eventType, eventName, organisationName,
       modeOfEvent, participationType, startDate, endDate, contactDetails, importantDates, rounds,
       prizes, createdAt, updatedAt, publishedAt)
     values (?, ?, 'active', 1, 'Quizzes', ?, 'IIT Kanpur', 'Online', 'individual', ?, ?, '[]', '[]',
       ?, '[]', ?, ?, ?)`,
  ).run(
    number,
    E2E_CREATOR_ID,
    name,
    iso(-1),
    iso(5),
    JSON.stringify([
      {
        title: "Finals",
        description: "On stage",
        startDate: iso(8),
        endDate: iso(8),
        isEliminatorRound: "false",
      },
    ]),
    iso(0),
    iso(0),
    iso(0),
  );
  db.close();
  return { number, name };
}

test("save from a card, find it in Saved, download its calendar", async ({
  page,
  browser,
  baseURL,
  jsEnabled,
}) => {
  const event = insertEvent(jsEnabled ? "js" : "nojs");
  await loginAs(page.context(), baseURL!);
  const searchUrl = `/event/search?q=${encodeURIComponent(event.name)}`;
  await page.goto(searchUrl);
  const toggle = page.getByRole("button", { name: `Save ${event.name}` });
  await toggle.click();
  const saved = page.getByRole("button", { name: `Saved: ${event.name}` });
  await expect(saved).toHaveAttribute("aria-pressed", "true");
  // With JavaScript the page stays as it was; without, the browser comes back to the toggle.
  await expect(page).toHaveURL(
    jsEnabled ? new RegExp(`${searchUrl.replace(/\?/, "\\?")}$`) : /#save-/,
  );

  // A visitor (no cookie) gets the anonymous page: nobody's saved state.
  const anon = await browser.newPage();
  await anon.goto(`${baseURL}/event/${event.number}`);
  await expect(anon.getByTestId("save-toggle")).toHaveAttribute("aria-pressed", "false");
  await anon.close();

  await page.goto("/my/saved");
  const card = page.getByTestId("saved-list").getByText(event.name);
  await expect(card).toBeVisible();
  await card.click();
  await expect(page).toHaveURL(new RegExp(`/event/${event.number}$`));
  await expect(page.getByTestId("save-toggle")).toHaveAttribute("aria-pressed", "true");
  const google = page.getByRole("link", { name: "Google Calendar" });
  await expect(google).toHaveAttribute("href", /calendar\.google\.com.*action=TEMPLATE.*dates=/);

  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Add to calendar" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`utsav-${event.number}.ics`);
  const ics = await fs.readFile((await download.path())!, "utf8");
  expect(ics).toContain("BEGIN:VCALENDAR");
  expect(ics.replace(/\r\n /g, "")).toContain(`SUMMARY:Registration closes: ${event.name}`);
  expect(ics.replace(/\r\n /g, "")).toContain(`SUMMARY:Finals: ${event.name}`);

  // Unsaved from the Saved page, it leaves the list.
  await page.goto("/my/saved");
  await page.getByRole("button", { name: `Saved: ${event.name}` }).click();
  await expect(page.getByTestId("saved-list").getByText(event.name)).toHaveCount(0);
});

test("a card's pressed Save toggle stays in sight below the top bar", async ({
  page,
  baseURL,
  jsEnabled,
}) => {
  // Without JavaScript the action sends the browser back to #save-{n}, which scrolls the page.
  await page.setViewportSize({ width: 1366, height: 900 });
  await loginAs(page.context(), baseURL!);
  await page.goto("/event/search");
  const form = page.locator("form[id^=save-]:has(button[aria-pressed=false])").first();
  const id = await form.getAttribute("id");
  const toggle = page.locator(`#${id}`).getByTestId("save-toggle");
  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-pressed", "true");
  if (!jsEnabled) await expect(page).toHaveURL(new RegExp(`#${id}$`));
  // The toggle and its card's logo and name, all below the top bar.
  const card = page.locator(`[data-testid=event-card][data-event-number="${id!.slice(5)}"]`);
  const bar = (await page.getByRole("banner").boundingBox())!;
  const top = (await card.boundingBox())!.y;
  const bottom = await toggle.boundingBox().then((b) => b!.y + b!.height);
  expect(top).toBeGreaterThanOrEqual(bar.y + bar.height);
  expect(bottom).toBeLessThanOrEqual(900);
  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-pressed", "false");
});

test("turn reminder mails off on the profile, and reset the calendar link", async ({
  page,
  baseURL,
}) => {
  await loginAs(page.context(), baseURL!);
  await page.goto("/profile");
  const reminders = page.getByRole("checkbox", { name: /E-mail reminders/ });
  await expect(reminders).toBeChecked();
  await reminders.uncheck();
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("Profile Updated Successfully")).toBeVisible();
  await page.goto("/profile");
  await expect(page.getByRole("checkbox", { name: /E-mail reminders/ })).not.toBeChecked();

  const feed = page.getByTestId("calendar-url");
  const before = await feed.inputValue();
  expect(before).toMatch(/\/api\/v1\/calendar\/[\w-]{43}\.ics$/);
  expect((await page.request.get(before)).status()).toBe(200);
  await page.getByRole("button", { name: "Reset link" }).click();
  await expect(page.getByText(/old one no longer works/)).toBeVisible();
  await expect(feed).not.toHaveValue(before);
  expect((await page.request.get(before)).status()).toBe(404);
});

test("the unsubscribe link works signed out, by its button and by a mail app's one-click POST", async ({
  page,
  request,
}) => {
  const db = new SQLite(dbFile());
  const tokens = [newToken(), newToken()];
  const ids = tokens.map((_, i) => `unsub${Date.now()}${i}`.slice(0, 24));
  const now = new Date().toISOString();
  for (const [i, id] of ids.entries())
    db.prepare(
      `insert into users (id, email, emailVerifiedAt, firstName, createdAt, updatedAt, unsubscribeToken)
       values (?, ?, ?, 'Unsub', ?, ?, ?)`,
    ).run(id, `${id}@example.com`, now, now, now, tokens[i]);
  const remindersOf = (id: string) =>
    (
      db.prepare("select emailReminders from users where id = ?").get(id) as {
        emailReminders: number;
      }
    ).emailReminders;

  await page.goto(`/unsubscribe/${tokens[0]}`);
  await expect(page.getByRole("heading", { name: "Stop reminder e-mails?" })).toBeVisible();
  expect(remindersOf(ids[0])).toBe(1); // opening the link changes nothing
  await page.getByRole("button", { name: "Unsubscribe" }).click();
  await expect(page.getByText("You will no longer receive reminder e-mails.")).toBeVisible();
  expect(remindersOf(ids[0])).toBe(0);

  // RFC 8058: the mail app POSTs "List-Unsubscribe=One-Click" to the List-Unsubscribe address.
  const res = await request.post(`/unsubscribe/${tokens[1]}`, {
    form: { "List-Unsubscribe": "One-Click" },
  });
  expect(res.status()).toBe(200);
  expect(remindersOf(ids[1])).toBe(0);
  db.close();
});

test("kept HTML comes alive: lists, search's preview and the event page hydrate without an error", async ({
  page,
  browser,
  baseURL,
  jsEnabled,
}) => {
  test.skip(!jsEnabled, "hydration is JavaScript's");
  const event = insertEvent("kept");
  // Someone else sees the lists first: the server keeps their cards' HTML (app/utils/kept-html.tsx).
  const first = await browser.newContext({ baseURL });
  await loginAs(first, baseURL!);
  const firstPage = await first.newPage();
  for (const url of ["/", "/event/search", `/event/search?q=${encodeURIComponent(event.name)}`])
    await firstPage.goto(url);
  await first.close();

  const errors: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(m.text());
  });
  page.on("pageerror", (e) => errors.push(e.message));
  await loginAs(page.context(), baseURL!);
  const searchUrl = `/event/search?q=${encodeURIComponent(event.name)}`;
  for (const url of ["/", "/event/search", searchUrl]) {
    await page.goto(url);
    await hydrated(page, jsEnabled);
  }
  // The kept card's Save toggle works as React's own: the page stays, the state shows.
  await page.getByRole("button", { name: `Save ${event.name}` }).click();
  await expect(page.getByRole("button", { name: `Saved: ${event.name}` })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await expect(page).toHaveURL(new RegExp(`${searchUrl.replace(/\?/, "\\?")}$`));
  await page.goto("/my/saved");
  await hydrated(page, jsEnabled);
  await page.getByTestId("saved-list").getByText(event.name).click();
  await expect(page).toHaveURL(new RegExp(`/event/${event.number}$`));
  // The event page's view is kept HTML too (rendered apart, as the preview above was): it
  // hydrates, and its Save toggle works in place.
  await page.goto(`/event/${event.number}`);
  await hydrated(page, jsEnabled);
  const toggle = page.getByRole("main").getByTestId("save-toggle");
  await expect(toggle).toHaveAttribute("aria-pressed", "true");
  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-pressed", "false");
  await expect(page).toHaveURL(new RegExp(`/event/${event.number}$`));
  expect(errors).toEqual([]);
});
