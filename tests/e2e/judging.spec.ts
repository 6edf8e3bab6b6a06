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

  // At 360 px each row is a card of labelled lines: every label fits its column on one line
  // (no 'Submissio / n').
  const size = page.viewportSize()!;
  await page.setViewportSize({ width: 360, height: 800 });
  const labels = await rows
    .nth(0)
    .locator("td[data-label]")
    .evaluateAll((cells) =>
      cells.map((td) => {
        const before = getComputedStyle(td, "::before");
        const probe = document.createElement("span");
        probe.textContent = td.getAttribute("data-label");
        probe.style.font = before.font;
        probe.style.whiteSpace = "nowrap";
        probe.style.position = "absolute";
        document.body.append(probe);
        const need = probe.getBoundingClientRect().width;
        probe.remove();
        const column = Number.parseFloat(getComputedStyle(td).gridTemplateColumns.split(" ")[0]!);
        return { label: td.getAttribute("data-label"), fits: need <= column, need, column };
      }),
    );
  expect(labels.filter((l) => !l.fits)).toEqual([]);
  expect(labels.map((l) => l.label)).toContain("Submission");
  await page.setViewportSize(size);

  await expect(box.getByTestId("advance-top")).toHaveText("Advance top 3");
  await box.getByLabel("How many advance").fill("2");
  // With JavaScript the button follows the field at once; without it, 'Show' asks the server.
  if (!jsEnabled) await box.getByRole("button", { name: "Show" }).click();
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

/** Issue 45: 'Declare a conflict' asks first; 'Needs a judge' is met by adding a judge to the open round. */
test("a conflict asked first, then 'Needs a judge' met by a judge added while judging is open", async ({
  page,
  context,
  baseURL,
  jsEnabled,
}) => {
  const org = await loginAs(context, baseURL!, { firstName: "Priya", lastName: "Sharma" });
  const { eventNumber, judgeId } = seedJudgingEvent(org.id, ["Solar bus", "Water meter"]);
  await page.goto(`/my/event/${eventNumber}?section=judging#judging`);
  await hydrated(page, jsEnabled);
  const box = page.getByTestId("judging-0");
  await box.getByLabel("Criterion 1", { exact: true }).fill("Idea");
  await box.getByLabel("Weight", { exact: true }).fill("3");
  await box.getByLabel(/Priya Sharma/).check();
  await box.getByRole("button", { name: "Save judging" }).click();
  await expect(box.getByTestId("judging-state")).toHaveText("Set up, not opened");
  await box.getByRole("button", { name: "Open judging" }).click();
  await expect(box.getByTestId("judging-state")).toHaveText("Open: judges are scoring");

  await page.goto(`/my/event/${eventNumber}/judging/0`);
  await page.getByTestId("queue-item").first().click();
  await hydrated(page, jsEnabled);
  await page.getByRole("button", { name: "Declare a conflict" }).click();
  const ask = page.getByTestId("confirm-step");
  await expect(ask).toContainText("“Solar bus” goes to another judge and never comes back to you.");
  await shot(page, "judging-conflict-confirm", jsEnabled);
  // Cancel: back on the same submission, nothing declared.
  await page.getByTestId("cancel").click();
  await expect(page).toHaveURL(/\/judging\/0\?s=/);
  await expect(page.getByTestId("scored")).toHaveText("Scored 0 of 2");
  await page.getByRole("button", { name: "Declare a conflict" }).click();
  await page.getByTestId("confirm").click();
  await expect(page.getByText("Conflict declared")).toBeVisible();
  await expect(page.getByTestId("scored")).toHaveText("Scored 0 of 1");

  // The organiser page says 'Needs a judge' and offers to add one.
  await page.goto(`/my/event/${eventNumber}?section=judging#judging`);
  await hydrated(page, jsEnabled);
  await expect(box.getByTestId("needs-judge")).toContainText("Solar bus (0 of 1)");
  await shot(page, "judging-add-judge", jsEnabled);
  const add = box.getByTestId("add-judge");
  await add.getByRole("combobox").selectOption({ label: "Jaya Judge · Judge" });
  await add.getByRole("button", { name: "Add judge" }).click();
  await expect(page.getByText("Judge added")).toBeVisible();
  await expect(box.getByTestId("needs-judge")).toHaveCount(0);
  await expect(box.getByTestId("judge-progress")).toContainText("Jaya Judge: 0 of 1");

  await context.clearCookies();
  await signInAs(context, baseURL!, judgeId);
  await page.goto(`/my/event/${eventNumber}/judging/0`);
  await expect(page.getByTestId("scored")).toHaveText("Scored 0 of 1");
  await expect(page.getByTestId("queue-item")).toContainText("Solar bus");
});
