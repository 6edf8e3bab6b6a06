import type { Page } from "@playwright/test";
import { expect, hydrated, test } from "./fixtures";
import { seedJudgingEvent } from "./judging-seed";
import { loginAs, signInAs } from "./session";
import { shot } from "./shots";

/** Scores the queue from its first submission on, 'Save and next' each time. */
async function scoreQueue(
  page: Page,
  scores: [number, number][],
  jsEnabled: boolean,
  name: string,
) {
  await expect(page.getByTestId("scored")).toHaveText(`Scored 0 of ${scores.length}`);
  await page.getByTestId("queue-item").first().click();
  for (const [i, [idea, build]] of scores.entries()) {
    await hydrated(page, jsEnabled);
    await page.getByLabel("Idea (×3)").fill(String(idea));
    await page.getByLabel("Build (×1)").fill(String(build));
    if (i === 1) await shot(page, name, jsEnabled);
    await page.getByTestId("save-and-next").click();
    await expect(page.getByTestId("scored")).toHaveText(`Scored ${i + 1} of ${scores.length}`);
  }
  await expect(page).not.toHaveURL(/\?s=/);
}

/** SPEC-3 §3's screens: the organiser's 'Judging', the judge's queue, the leaderboard (JS on and off). */
test("set up, open, two judges score with 'Save and next', close, the leaderboard and 'Advance top N'", async ({
  page,
  context,
  baseURL,
  jsEnabled,
}) => {
  const org = await loginAs(context, baseURL!, { firstName: "Priya", lastName: "Sharma" });
  const { eventNumber, judgeId } = seedJudgingEvent(org.id, [
    "Solar bus",
    "Water meter",
    "Quiet fan",
  ]);
  await page.goto(`/my/event/${eventNumber}?section=judging#judging`);
  await hydrated(page, jsEnabled);
  const box = page.getByTestId("judging-0");
  await expect(box.getByTestId("judging-state")).toHaveText("Not set up yet");
  // Nothing scored yet: every row unscored.
  await expect(box.getByTestId("leaderboard-row")).toHaveCount(3);

  await box.getByLabel("Criterion 1", { exact: true }).fill("Idea");
  await box.getByLabel("Weight", { exact: true }).fill("3");
  await box.getByRole("button", { name: "Add criterion" }).click();
  await expect(box.getByTestId("criterion-row")).toHaveCount(2);
  await expect(box.getByLabel("Criterion 1", { exact: true })).toHaveValue("Idea");
  await box.getByLabel("Criterion 2", { exact: true }).fill("Build");
  await box.getByLabel("Weight", { exact: true }).nth(1).fill("1");
  // Nobody chosen: the form says so.
  await box.getByRole("button", { name: "Save judging" }).click();
  await expect(box.getByText("Choose at least one judge")).toBeVisible();
  await box.getByLabel(/Priya Sharma/).check();
  await box.getByLabel(/Jaya Judge/).check();
  await box.getByRole("button", { name: "Save judging" }).click();
  await expect(box.getByTestId("judging-state")).toHaveText("Set up, not opened");
  await shot(page, "judging-setup", jsEnabled);
  await box.getByRole("button", { name: "Open judging" }).click();
  await expect(box.getByTestId("judging-state")).toHaveText("Open: judges are scoring");
  await expect(box.getByText("Scored 0 of 6")).toBeVisible();

  // The owner was chosen as a judge: their queue.
  await box.getByRole("link", { name: "Your judging queue" }).click();
  await expect(page).toHaveURL(`/my/event/${eventNumber}/judging/0`);
  // Owner: Solar bus (9 + 9)/4 = 4.5, Water meter 5, Quiet fan (24 + 6)/4 = 7.5.
  await scoreQueue(
    page,
    [
      [3, 9],
      [5, 5],
      [8, 6],
    ],
    jsEnabled,
    "judging-queue",
  );

  // The judge sees only 'Judging' on the organiser page, and their queue from there.
  await context.clearCookies();
  await signInAs(context, baseURL!, judgeId);
  await page.goto(`/my/event/${eventNumber}`);
  await page.getByRole("link", { name: "Round 1: Idea pitch" }).click();
  // Judge: Solar bus 2, Water meter 9, Quiet fan 6.
  await scoreQueue(
    page,
    [
      [2, 2],
      [9, 9],
      [6, 6],
    ],
    jsEnabled,
    "judging-queue-judge",
  );

  await context.clearCookies();
  await signInAs(context, baseURL!, org.id);
  await page.goto(`/my/event/${eventNumber}?section=judging#judging`);
  await hydrated(page, jsEnabled);
  await expect(box.getByText("Scored 6 of 6")).toBeVisible();
  await box.getByRole("button", { name: "Close judging" }).click();
  await expect(box.getByTestId("judging-state")).toHaveText("Closed");
  // Owner mean 5.6667, sd 1.3123; judge mean 5.6667, sd 2.8674. Normalised: Quiet fan
  // (1.397 + 0.116)/2 = 0.76, Water meter (−0.508 + 1.163)/2 = 0.33, Solar bus (−0.889 − 1.279)/2 = −1.08.
  const rows = box.getByTestId("leaderboard-row");
  await expect(rows.nth(0)).toContainText("Quiet fan");
  await expect(rows.nth(0)).toContainText("0.76");
  await expect(rows.nth(1)).toContainText("Water meter");
  await expect(rows.nth(2)).toContainText("Solar bus");
  await expect(rows.nth(2)).toContainText("-1.08");
  await shot(page, "judging-leaderboard", jsEnabled);

  await expect(box.getByTestId("advance-top")).toHaveText("Advance top 3");
  await box.getByLabel("How many advance").fill("2");
  await box.getByRole("button", { name: "Show" }).click();
  await expect(box.getByTestId("advance-top")).toHaveText("Advance top 2");
  await box.getByTestId("advance-top").click();
  await page.getByTestId("confirm").click();
  await expect(page.getByText("Results saved")).toBeVisible();

  // The Winners selects follow the leaderboard's order.
  await page.goto(`/my/event/${eventNumber}?pick=winners#winners`);
  const options = page.locator("#winner-1 option");
  await expect(options.nth(1)).toHaveText(/^Entrant3 Rao/);
  await expect(options.nth(2)).toHaveText(/^Entrant2 Rao/);
  await expect(options.nth(3)).toHaveText(/^Entrant1 Rao/);
});
