import type { Page } from "@playwright/test";
import { connectDb } from "#server/db/connect";
import { systemClock } from "#server/lib/clock";
import { insertEvent } from "#tests/helpers/organiser-event";
import { expect, test } from "./fixtures";
import { dbFile, loginAs } from "./session";

/**
 * Issue 31: an organiser edits an event under way (round 1 and an important date have passed)
 * in step 3's panels, and every save goes through; only a date moved into the past is refused.
 */
const HOUR = 3_600_000;
const at = (ms: number) => new Date(Date.now() + ms).toISOString();

async function seedUnderWay(organiserId: string) {
  const db = connectDb({ sqlitePath: dbFile() });
  try {
    return await insertEvent({ db, clock: systemClock }, organiserId, {
      eventNumber: String(30000 + Math.floor(Math.random() * 9000)),
      eventName: "Hack Under Way",
      eventType: "Hackathon & Coding Challenges",
      eventLogo: null,
      eventBanner: null,
      // Registration opened two days ago; round 1 began two hours ago.
      startDate: at(-48 * HOUR),
      importantDates: JSON.stringify([
        { dateTitle: "Kick-off", date: at(-26 * HOUR) },
        { dateTitle: "Finale", date: at(72 * HOUR) },
      ]),
      rounds: JSON.stringify([
        {
          title: "Round 1",
          description: "Online quiz",
          startDate: at(-2 * HOUR),
          endDate: at(22 * HOUR),
          isEliminatorRound: "true",
        },
        {
          title: "Finale",
          description: "On stage",
          startDate: at(48 * HOUR),
          endDate: at(50 * HOUR),
          isEliminatorRound: "false",
        },
      ]),
    });
  } finally {
    await db.destroy();
  }
}

async function openSection(page: Page, eventNumber: string, section: string) {
  await page.goto(`/event/create/${eventNumber}/step3?section=${section}`);
}

async function save(page: Page) {
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByTestId("toast").filter({ hasText: "Saved Successfully" })).toBeVisible({
    timeout: 15_000,
  });
}

test("an organiser edits the rounds, dates and basic details of an event under way", async ({
  page,
  context,
  baseURL,
  jsEnabled,
}) => {
  // Four saves and a refusal, each a round trip: room for a busy machine.
  test.slow();
  const organiser = await loginAs(context, baseURL!, { firstName: "Kavya" });
  const { eventNumber } = await seedUnderWay(organiser.id);
  const details = async () =>
    (await (await page.request.get(`/api/v1/event/details/${eventNumber}`)).json()) as {
      eventName: string;
      eventBrochureTitle: string | null;
      rounds: { title: string; startDate: string }[];
    };
  const before = await details();

  await openSection(page, eventNumber, "rounds");
  const rounds = page.getByTestId("round-row");
  await expect(rounds).toHaveCount(2);
  await rounds.nth(1).getByLabel("Round Title").fill("Grand Finale");
  await save(page);
  const afterRounds = await details();
  expect(afterRounds.rounds.map((r) => r.title)).toEqual(["Round 1", "Grand Finale"]);
  expect(afterRounds.rounds[0].startDate.slice(0, 16)).toBe(
    before.rounds[0].startDate.slice(0, 16),
  );

  // A start date moved to another past time is still refused, with JavaScript or without.
  await openSection(page, eventNumber, "rounds");
  const start = rounds.nth(0).getByLabel("Start Date (India time)");
  const earlier = (await start.inputValue()).replace(/T\d\d/, "T00").replace(/:\d\d$/, ":01");
  await start.fill(earlier);
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(rounds.nth(0).getByText("Start Date cannot be in the past")).toBeVisible();
  expect((await details()).rounds[0].startDate).toBe(afterRounds.rounds[0].startDate);

  await openSection(page, eventNumber, "dates");
  await expect(page.getByTestId("date-row")).toHaveCount(2);
  await page.getByLabel("Brochure Title (optional)").fill("Rulebook v2");
  await save(page);
  expect((await details()).eventBrochureTitle).toBe("Rulebook v2");

  await openSection(page, eventNumber, "basic");
  await page.getByLabel("Event Name").fill(`Hack Under Way ${jsEnabled ? "JS" : "HTML"}`);
  await save(page);
  expect((await details()).eventName).toBe(`Hack Under Way ${jsEnabled ? "JS" : "HTML"}`);
});
