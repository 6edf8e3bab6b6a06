import SQLite from "better-sqlite3";
import { seedCheckInEvent } from "./check-in-seed";
import { expect, hydrated, test } from "./fixtures";
import { seedJudgingEvent, seedSharedFeedback } from "./judging-seed";
import { dbFile, loginAs } from "./session";
import { shot } from "./shots";
import { createDraft, inDays, testFile } from "./steps";

/** SPEC-3 §2's screens: the Rounds panel's round type, the submit page, the round states, the organiser's list. */
const HOUR = 3_600_000;

/** Gives the seeded event one submission round, open now, needing a link. */
function submissionRound(eventNumber: string) {
  const now = Date.now();
  const db = new SQLite(dbFile());
  db.pragma("busy_timeout = 5000");
  db.prepare("update events set rounds = ? where eventNumber = ?").run(
    JSON.stringify([
      {
        _id: `e2e-${eventNumber}-ideas`,
        kind: "submission",
        requireFile: false,
        requireLink: true,
        title: "Idea Round",
        description: "Send your idea: a title, a few lines, a link and a deck.",
        startDate: new Date(now - HOUR).toISOString(),
        endDate: new Date(now + 48 * HOUR).toISOString(),
        isEliminatorRound: "true",
      },
    ]),
    eventNumber,
  );
  db.close();
}

test("the Rounds panel: 'Round type' and a submission round's two requirements", async ({
  page,
  context,
  baseURL,
  jsEnabled,
}) => {
  await loginAs(context, baseURL!);
  const n = await createDraft(page.request, { ready: true });
  await page.goto(`/event/create/${n}/step3?section=rounds`);
  await hydrated(page, jsEnabled);
  await page.getByRole("button", { name: "Add round" }).click();
  const row = page.getByTestId("round-row").first();
  await expect(row.getByLabel("Round type")).toHaveValue("offline");
  await expect(row.getByLabel("A file is required")).toBeHidden();
  await row.getByLabel("Round Title").fill("Idea Round");
  await row.getByLabel("Start Date (India time)").fill(inDays(2, 10));
  await row.getByLabel("End Date (India time)").fill(inDays(3, 10));
  await row.getByLabel("Round type").selectOption("submission");
  await expect(row.getByLabel("A file is required")).toBeVisible();
  await row.getByLabel("A file is required").check();
  await shot(page, "rounds-panel", jsEnabled);
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByTestId("toast").filter({ hasText: "Saved Successfully" })).toBeVisible();
  const saved = await (await page.request.get(`/api/v1/event/details/${n}`)).json();
  expect(saved.rounds).toHaveLength(1);
  expect(saved.rounds[0]).toMatchObject({
    title: "Idea Round",
    kind: "submission",
    requireFile: true,
    requireLink: false,
  });
  expect(saved.rounds[0]._id).toMatch(/^[A-Za-z0-9_-]{12,}$/);
  // Opened again, the round keeps its id through the hidden input.
  await page.goto(`/event/create/${n}/step3?section=rounds`);
  await hydrated(page, jsEnabled);
  await expect(page.getByTestId("round-row").first().getByLabel("Round type")).toHaveValue(
    "submission",
  );
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByTestId("toast").filter({ hasText: "Saved Successfully" })).toBeVisible();
  const again = await (await page.request.get(`/api/v1/event/details/${n}`)).json();
  expect(again.rounds[0]._id).toBe(saved.rounds[0]._id);
});

test("a registrant submits: a refused submit keeps the file, then 'Edit submission' and 'Submitted'", async ({
  page,
  jsEnabled,
  organiser: org,
  switchUser,
}) => {
  const { eventNumber: n, people } = await seedCheckInEvent(org.id, ["Tara"]);
  submissionRound(n);
  await switchUser(people[0]!.id);

  await page.goto("/my/registrations");
  await expect(page.getByTestId("round-states")).toContainText("Idea Round Not submitted");

  await page.goto(`/event/${n}`);
  const state = page.getByTestId("round-submission");
  await expect(state.getByRole("link", { name: "Submit" })).toBeVisible();
  await state.getByRole("link", { name: "Submit" }).click();
  await expect(page).toHaveURL(`/event/${n}/rounds/0/submit`);
  await hydrated(page, jsEnabled);
  await page.getByLabel("Title").fill("Sm");
  await page.getByLabel("Description").fill("Bins that say when they are full.");
  await page.getByLabel("Link 1").fill("https://bins.example");
  await page.getByLabel("File (optional)").setInputFiles(testFile("brochure.pdf"));
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByText("Minimum 3 characters required")).toBeVisible();
  // Without JavaScript the page came back from the server: the picked file is kept and shown.
  if (!jsEnabled) await expect(page.getByTestId("kept-file")).toContainText("brochure.pdf, kept");
  await shot(page, "submit-refused", jsEnabled);
  await page.getByLabel("Title").fill("Smart bins");
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page).toHaveURL(`/event/${n}`);
  await expect(state.getByRole("link", { name: "Edit submission" })).toBeVisible();
  await expect(state).toContainText(/Submitted \d/);
  await shot(page, "event-round-submitted", jsEnabled);
  const mine = await (await page.request.get(`/api/v1/event/${n}/rounds/0/submission`)).json();
  expect(mine.submission).toMatchObject({
    title: "Smart bins",
    links: ["https://bins.example"],
    file: { name: "brochure.pdf" },
    version: 1,
  });
  await page.goto("/my/registrations");
  await expect(page.getByTestId("round-states")).toContainText("Idea Round Submitted");

  // Editing keeps the file unless removed.
  await page.goto(`/event/${n}/rounds/0/submit`);
  await hydrated(page, jsEnabled);
  await expect(page.getByRole("heading", { name: "Edit submission" })).toBeVisible();
  await expect(page.getByLabel("Title")).toHaveValue("Smart bins");
  await expect(page.getByRole("link", { name: "brochure.pdf" })).toBeVisible();
  await shot(page, "submit-edit", jsEnabled);
  await page.getByLabel("Title").fill("Smarter bins");
  await page.getByRole("button", { name: "Save submission" }).click();
  await expect(page).toHaveURL(`/event/${n}`);
  const after = await (await page.request.get(`/api/v1/event/${n}/rounds/0/submission`)).json();
  expect(after.submission).toMatchObject({
    title: "Smarter bins",
    file: { name: "brochure.pdf" },
    version: 2,
  });

  // The organiser's page lists it, searches, and downloads the ZIP.
  await switchUser(org.id);
  await page.goto(`/my/event/${n}?section=rounds#submissions`);
  const panel = page.getByTestId("submissions-0");
  await expect(panel).toContainText("1 submission");
  await expect(panel).toContainText("Smarter bins");
  await expect(panel.getByRole("link", { name: "brochure.pdf" })).toBeVisible();
  await shot(page, "organiser-submissions", jsEnabled);
  await panel.getByLabel("Search submissions of round 1").fill("nothing like it");
  await panel.getByRole("button", { name: "Search" }).click();
  await expect(page.getByTestId("submissions-0")).toContainText("Nothing matches");
  const zip = await page.request.get(`/my/event/${n}/rounds/0/submissions.zip`);
  expect(zip.status()).toBe(200);
  expect(zip.headers()["content-type"]).toBe("application/zip");
  expect(zip.headers()["content-disposition"]).toBe(
    `attachment; filename="utsav-${n}-round-1-submissions.zip"`,
  );
});

/** Sets the seeded event's one submission round's window, in hours from now. */
function roundWindow(eventNumber: string, startIn: number, endIn: number) {
  const now = Date.now();
  const db = new SQLite(dbFile());
  db.pragma("busy_timeout = 5000");
  db.prepare("update events set rounds = ? where eventNumber = ?").run(
    JSON.stringify([
      {
        _id: `e2e-${eventNumber}-ideas`,
        kind: "submission",
        requireFile: false,
        requireLink: false,
        title: "Idea Round",
        description: "Send your idea.",
        startDate: new Date(now + startIn * HOUR).toISOString(),
        endDate: new Date(now + endIn * HOUR).toISOString(),
        isEliminatorRound: "false",
      },
    ]),
    eventNumber,
  );
  db.close();
}

/** The seeded event becomes a team event of 2 to 4, its one registration a team of one. */
function loneTeam(eventNumber: string) {
  const db = new SQLite(dbFile());
  db.pragma("busy_timeout = 5000");
  const { id } = db.prepare("select id from events where eventNumber = ?").get(eventNumber) as {
    id: number;
  };
  db.prepare(
    "update events set participationType = 'team', minTeam = 2, maxTeam = 4 where id = ?",
  ).run(id);
  db.prepare(
    "update registrations set type = 'team', teamName = 'Lone Stars', code = ? where eventId = ?",
  ).run(`L${eventNumber}`.slice(0, 8), id);
  db.close();
}

test("the submit page says when the round opens and closes; an incomplete team hears how many more", async ({
  page,
  jsEnabled,
  organiser: org,
  switchUser,
}) => {
  const { eventNumber: n, people } = await seedCheckInEvent(org.id, ["Uma"]);
  roundWindow(n, 24, 72);
  loneTeam(n);
  await switchUser(people[0]!.id);
  await page.goto(`/event/${n}/rounds/0/submit`);
  await hydrated(page, jsEnabled);
  await expect(page.getByTestId("round-window")).toHaveText(/^Opens .+ · closes .+$/);
  const refusal = page.getByTestId("submit-refusal");
  await expect(refusal).toContainText("Your team needs 1 more to take part");
  await shot(page, "submit-incomplete-team", jsEnabled);
  await refusal.getByRole("link", { name: "Go to your team page" }).click();
  await expect(page).toHaveURL(`/event/${n}/team`);

  // Open now: the page says when it closes.
  roundWindow(n, -1, 48);
  await page.goto(`/event/${n}/rounds/0/submit`);
  await expect(page.getByTestId("round-window")).toHaveText(/^Closes .+$/);
});

test("after the round: the team reads what it sent and the judges' shared feedback; the organiser reads the description", async ({
  page,
  jsEnabled,
  organiser: org,
  switchUser,
}) => {
  const { eventNumber: n, judgeId, entrants } = seedJudgingEvent(org.id, ["Solar bus"]);
  await switchUser(entrants[0]!);
  await page.goto(`/event/${n}/rounds/0/submit`);
  await hydrated(page, jsEnabled);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your submission");
  await expect(page.getByTestId("round-window")).toHaveText(/^Closed .+$/);
  await expect(page.getByTestId("submission-view")).toContainText("The plan behind Solar bus.");
  // Judging not closed yet: no feedback anywhere.
  await expect(page.getByTestId("shared-feedback")).toHaveCount(0);

  // (8×3 + 6)/4 = 7.5.
  seedSharedFeedback(n, judgeId, [8, 6], "Strong idea; build a prototype.");
  await page.goto(`/event/${n}/rounds/0/submit`);
  const feedback = page.getByTestId("shared-feedback");
  await expect(feedback).toContainText("Judges' mean score: 7.5 out of 10");
  await expect(feedback).toContainText("Strong idea; build a prototype.");
  await shot(page, "submit-after-feedback", jsEnabled);
  await page.goto("/my/registrations");
  const mine = page.getByTestId("registration-card").filter({ hasText: "Reg Test" });
  await expect(mine.getByTestId("shared-feedback")).toContainText(
    "Feedback on round 1: Idea pitch",
  );
  await expect(mine.getByTestId("shared-feedback")).toContainText("7.5 out of 10");
  await shot(page, "registrations-feedback", jsEnabled);

  await switchUser(org.id);
  await page.goto(`/my/event/${n}?section=rounds#submissions`);
  const details = page.getByTestId("submission-details").first();
  await expect(details.getByText("The plan behind Solar bus.")).toBeHidden();
  await details.getByText("Solar bus", { exact: true }).click();
  await expect(details.getByText("The plan behind Solar bus.")).toBeVisible();
  await shot(page, "organiser-submission-description", jsEnabled);
});
