import fs from "node:fs/promises";
import { parse } from "csv-parse/sync";
import type { Locator, Page } from "@playwright/test";
import { connectDb } from "#server/db/connect";
import { systemClock } from "#server/lib/clock";
import { insertEvent } from "#tests/helpers/organiser-event";
import { registerDirect } from "#tests/helpers/registrants";
import { expect, test } from "./fixtures";
import { dbFile, loginAs } from "./session";
import { shot } from "./shots";
import { newUserRow } from "#server/services/accounts/new-user-row";

const BROWSER_UA =
  "Mozilla/5.0 (Linux; Android 13; Redmi Note 12) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36";

/** A published team event with four teams, straight in the e2e server's database. */
async function seedEvent(organiserId: string, tag: string) {
  const db = connectDb({ sqlitePath: dbFile() });
  const deps = { db, clock: systemClock };
  try {
    const event = await insertEvent(deps, organiserId, {
      eventNumber: String(80000 + Math.floor(Math.random() * 19000)),
      eventName: `Organiser Fest ${tag}`,
      eventLogo: null,
      eventBanner: null,
      participationType: "team",
      minTeam: 2,
      maxTeam: 3,
    });
    const now = new Date().toISOString();
    const teams = ["Byte Me", "Null Pointers", "Stack Smashers", "Kernel Panic"];
    for (const [i, team] of teams.entries()) {
      const members = [];
      for (const [j, first] of [
        ["Priya", "Rohan"],
        ["Kabir", "Zoya"],
        ["Meera", "Arjun"],
        ["Ishaan", "Tara"],
      ][i]!.entries()) {
        const id = `${tag}-${i}-${j}-${Math.random().toString(36).slice(2, 8)}`;
        await db
          .insertInto("users")
          .values(
            newUserRow(now, {
              id,
              email: `${first.toLowerCase()}.${id}@example.com`,
              emailVerifiedAt: now,
              firstName: first,
              lastName: "Sharma",
              course: "B.Tech",
              collegeName: "IIT Kanpur",
            }),
          )
          .execute();
        members.push(
          await db.selectFrom("users").selectAll().where("id", "=", id).executeTakeFirstOrThrow(),
        );
      }
      const at = new Date(Date.now() - (teams.length - i) * 3_600_000).toISOString();
      await registerDirect(deps, event.id, members, { teamName: team, at });
    }
    return event.eventNumber;
  } finally {
    await db.destroy();
  }
}

/**
 * Clicks a submit button and waits for the POST's answer (a fetch with JavaScript, a navigation
 * without), then for the page it leads to. Toasts hide after 3 s, so they are not waited for.
 */
async function submit(page: Page, button: Locator) {
  await Promise.all([
    page.waitForResponse((r) => r.request().method() === "POST" && r.url().includes("/my/event/")),
    button.click(),
  ]);
  await page.waitForLoadState();
}

test("an organiser reads insights, finds a registrant, downloads the CSV, posts an update, advances teams, picks winners, duplicates and deletes the copy", async ({
  page,
  context,
  baseURL,
  request,
  jsEnabled,
}, testInfo) => {
  test.setTimeout(90_000);
  const organiser = await loginAs(context, baseURL!, { firstName: "Esha" });
  const tag = jsEnabled ? "js" : "nojs";
  const n = await seedEvent(organiser.id, tag);
  // A visitor's view of the event page (a real browser's user agent: headless Chromium is a bot).
  expect((await request.get(`/event/${n}`, { headers: { "User-Agent": BROWSER_UA } })).ok()).toBe(
    true,
  );

  // Insights, reached from the My Events card.
  await page.goto(`/my/event?q=${encodeURIComponent(`Organiser Fest ${tag}`)}`);
  await page.getByTestId("event-card").first().click();
  await expect(page).toHaveURL(new RegExp(`/my/event/${n}$`));
  await expect(page.getByRole("heading", { name: "Insights" })).toBeVisible();
  await expect(page.getByTestId("stat-Views")).toContainText("1");
  await expect(page.getByTestId("stat-Registrations")).toContainText("4");
  await expect(page.getByTestId("insights-chart")).toBeVisible();
  await expect(page.getByRole("img", { name: /Views and registrations per day/ })).toBeVisible();
  if (process.env.SHOTS) {
    for (const width of [360, 1366]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({
        path: `${process.env.SHOTS}/organiser-${tag}-${width}.png`,
        fullPage: true,
      });
    }
    await page.setViewportSize({ width: 1280, height: 720 });
  }

  // The page is one section at a time (issue 45): the overview holds insights only, and each
  // section is its own URL, reached from the menu.
  const sections = page.getByTestId("section-nav");
  await expect(sections.getByRole("link", { name: "Overview" })).toHaveAttribute(
    "aria-current",
    "page",
  );
  await expect(page.getByRole("region", { name: "Registrations" })).toHaveCount(0);
  await expect(page.getByRole("region", { name: "Updates" })).toHaveCount(0);
  await sections.getByRole("link", { name: "Registrations" }).click();
  await expect(page).toHaveURL(new RegExp(`/my/event/${n}\\?section=registrations$`));
  await expect(sections.getByRole("link", { name: "Registrations" })).toHaveAttribute(
    "aria-current",
    "page",
  );
  await expect(page.getByRole("heading", { name: "Insights" })).toHaveCount(0);

  // Find a registrant.
  await page.getByRole("searchbox", { name: "Search registrants" }).fill("priya");
  await page
    .getByRole("region", { name: "Registrations" })
    .getByRole("button", { name: "Search" })
    .click();
  await expect(page).toHaveURL(/q=priya/);
  const rows = page.getByTestId("registrants").locator("tbody tr");
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText("Byte Me (leader)");

  // Download the CSV (of the search: the whole list is the same link without q).
  await page.goto(`/my/event/${n}?section=registrations`);
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Download CSV" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`utsav-${n}-registrations.csv`);
  const csv = parse(await fs.readFile((await download.path())!, "utf8"), {
    bom: true,
    columns: true,
  });
  expect(csv).toHaveLength(8);

  // Post an update; it shows on the event page under Updates.
  await sections.getByRole("link", { name: "Updates" }).click();
  await expect(page).toHaveURL(/\?section=updates$/);
  await page.getByLabel("Title").fill("Venue moved to Hall B");
  await page.getByLabel("Message").fill("Round 1 starts at 10 am in Hall B. Bring your ID.");
  await submit(page, page.getByRole("button", { name: "Post update" }));
  // Asked first, naming who is mailed (issue 45).
  await expect(page.getByTestId("confirm-step")).toContainText(
    "To: everyone registered. This will e-mail 8 people.",
  );
  await submit(page, page.getByRole("button", { name: "Post and e-mail 8" }));
  await expect(
    page.getByTestId("update").filter({ hasText: "Venue moved to Hall B" }),
  ).toBeVisible();
  // The form is empty again: one more click must not mail everyone twice (issue 31).
  await expect(page.getByLabel("Title")).toHaveValue("");
  await expect(page.getByLabel("Message")).toHaveValue("");

  await sections.getByRole("link", { name: "Rounds & results" }).click();
  await expect(page).toHaveURL(/\?section=rounds$/);

  // Advance two teams after round 1: the confirmation names the 8 people mailed and warns that
  // the round has not started (issue 31).
  const round1 = page.getByTestId("round-0");
  await round1.getByLabel(/Byte Me/).check();
  await round1.getByLabel(/Stack Smashers/).check();
  await submit(page, round1.getByRole("button", { name: "Save results of Round 1" }));
  const confirm = page.getByTestId("confirm-step");
  await expect(confirm).toContainText("This will e-mail 8 people.");
  await expect(page.getByTestId("confirm-warning")).toContainText("Round 1 has not started yet");
  await shot(page, "issue31-results-confirm", jsEnabled);
  await submit(page, confirm.getByRole("button", { name: "Save and e-mail 8" }));
  await expect(round1).toContainText("Saved: 2 of 4 advanced");

  // Pick winners: 2 teams of 2, confirmed first.
  await page
    .getByLabel("Winner", { exact: true })
    .selectOption({ label: "Stack Smashers · IIT Kanpur" });
  await page.getByLabel("First Runner Up").selectOption({ label: "Byte Me · IIT Kanpur" });
  await submit(page, page.getByRole("button", { name: "Save winners" }));
  await expect(confirm).toContainText("This will e-mail 4 people.");
  await submit(page, confirm.getByRole("button", { name: "Save and e-mail 4" }));
  await expect(page.getByTestId("confirm-step")).toHaveCount(0);

  await page.goto(`/event/${n}`);
  await expect(page.getByRole("link", { name: "Updates" })).toHaveAttribute("href", "#Updates");
  const updates = page.locator("#Updates");
  await expect(updates).toContainText("Venue moved to Hall B");
  await expect(updates).toContainText("Round 1 starts at 10 am in Hall B.");
  const advanced = page.getByTestId("advanced");
  await expect(advanced).toContainText("Advanced (2)");
  await expect(advanced).toContainText("Byte Me");
  await expect(advanced).toContainText("Stack Smashers");
  await expect(advanced).not.toContainText("Null Pointers");
  await expect(page.getByTestId("prize").first()).toContainText("Stack Smashers");
  await expect(page.getByTestId("prize").nth(1)).toContainText("Byte Me");
  if (process.env.SHOTS) {
    await page.setViewportSize({ width: 360, height: 800 });
    await page.screenshot({ path: `${process.env.SHOTS}/event-${tag}-360.png`, fullPage: true });
    await page.setViewportSize({ width: 1280, height: 720 });
  }

  // Duplicate, then delete the copy through the confirmation page.
  await page.goto(`/my/event/${n}`);
  await submit(page, page.getByRole("button", { name: "Duplicate" }));
  await expect(page).not.toHaveURL(new RegExp(`/my/event/${n}$`));
  const copy = /\/my\/event\/(\d+)/.exec(page.url())![1]!;
  await expect(page.getByTestId("event-status")).toContainText("Draft");
  await expect(page.getByTestId("stat-Registrations")).toContainText("0");
  await page.getByRole("link", { name: "Delete" }).click();
  await expect(page).toHaveURL(new RegExp(`/my/event/${copy}/delete$`));
  await expect(page.getByRole("heading", { name: /Delete “Organiser Fest/ })).toBeVisible();
  await page.getByRole("button", { name: "Delete event" }).click();
  await expect(page).toHaveURL(/\/my\/event$/);
  expect((await page.request.get(`/my/event/${copy}`)).status()).toBe(404);
  testInfo.annotations.push({ type: "event", description: n });
});
