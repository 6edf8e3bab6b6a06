import type { Page } from "@playwright/test";
import { expect, hydrated, test } from "./fixtures";
import { seedAttempt, seedQuizEvent } from "./quiz-seed";
import { insertUser, signInAs } from "./session";
import { shot } from "./shots";
import { newId } from "#server/lib/crypto";

/** SPEC-3 §4's screens: the builder, taking the quiz (JS on and off), the leaderboard, the result. */

const api = (n: string) => `/api/v1/event/${n}/rounds/0/quiz`;

function organiser() {
  const id = newId();
  insertUser({ id, email: `org.${id}@example.com`, firstName: "Orla", lastName: "Host" });
  return id;
}

/** The attempt's saved answers, as the API holds them (starting again returns it unchanged). */
async function savedAnswers(page: Page, n: string) {
  const res = await page.request.post(`${api(n)}/start`);
  expect(res.status()).toBe(200);
  return (await res.json()).answers as Record<string, unknown>;
}

test("the organiser builds a quiz: add, remove and reorder questions and options", async ({
  page,
  jsEnabled,
  organiser: org,
}) => {
  const { eventNumber } = await seedQuizEvent(org.id, [], {
    startIn: 120,
    endIn: 180,
    quiz: false,
  });
  await page.goto(`/my/event/${eventNumber}?section=quiz`);
  await page.getByRole("link", { name: "Round 1: General Knowledge Quiz" }).click();
  await expect(page).toHaveURL(`/my/event/${eventNumber}/quiz/0`);
  await hydrated(page, jsEnabled);
  const question = (i: number) => page.getByTestId("builder-question").nth(i);

  await page.getByLabel("Time limit (minutes)").fill("500");
  await question(0).getByLabel("Question", { exact: true }).fill("Which planet is red?");
  await question(0).getByLabel("Option 1", { exact: true }).fill("Mars");
  await question(0).getByLabel("Option 2", { exact: true }).fill("Venus");
  await question(0).getByLabel("Option 1 is right").check();
  await question(0).getByRole("button", { name: "Add option" }).click();
  await expect(question(0).getByTestId("builder-option")).toHaveCount(3);
  await question(0).getByLabel("Option 3", { exact: true }).fill("Jupiter");
  await question(0).getByRole("button", { name: "Remove option 2" }).click();
  await expect(question(0).getByTestId("builder-option")).toHaveCount(2);
  await expect(question(0).getByLabel("Option 2", { exact: true })).toHaveValue("Jupiter");

  await page.getByRole("button", { name: "Add question" }).click();
  await expect(page.getByTestId("builder-question")).toHaveCount(2);
  await question(1).getByLabel("Question", { exact: true }).fill("How many moons has Mars?");
  await question(1).getByLabel("Answer type").selectOption("number");
  if (!jsEnabled) await question(1).getByRole("button", { name: "Apply type" }).click();
  await question(1).getByLabel("Answer", { exact: true }).fill("2");
  await question(1).getByRole("button", { name: "Move question 2 up" }).click();
  await expect(question(0).getByLabel("Question", { exact: true })).toHaveValue(
    "How many moons has Mars?",
  );

  await page.getByRole("button", { name: "Save quiz" }).click();
  await expect(page.getByText("Time limit must be between 1 and 180 minutes")).toBeVisible();
  await page.getByLabel("Time limit (minutes)").fill("15");
  await page.getByRole("button", { name: "Save quiz" }).click();
  await expect(page.getByText("Quiz saved")).toBeVisible();
  await shot(page, "quiz-builder", jsEnabled);

  const saved = await (await page.request.get(api(eventNumber))).json();
  expect(saved.timeLimitMinutes).toBe(15);
  expect(saved.questions.map((q: { type: string; answer: unknown }) => [q.type, q.answer])).toEqual(
    [
      ["number", 2],
      ["single", 0],
    ],
  );
  expect(saved.questions[1].options).toEqual(["Mars", "Jupiter"]);
});

test("a participant starts from the event page and takes the quiz; each answer is kept", async ({
  page,
  context,
  baseURL,
  jsEnabled,
}) => {
  const { eventNumber, people } = await seedQuizEvent(organiser(), ["Kiran"]);
  await signInAs(context, baseURL!, people[0]!.id);
  await page.goto(`/event/${eventNumber}`);
  await page.getByTestId("quiz-action").getByRole("button", { name: "Start quiz" }).click();
  await expect(page).toHaveURL(`/event/${eventNumber}/rounds/0/quiz`);
  // The first tap says what the quiz is; the clock has not started.
  const ask = page.getByTestId("confirm-step");
  await expect(ask).toContainText("3 questions, 9 marks in all.");
  await expect(ask).toContainText("You have 20 minutes from the moment you start.");
  await expect(ask).toContainText("Wrong answers cost marks");
  await shot(page, "quiz-start-confirm", jsEnabled);
  const before = await (await page.request.get(`${api(eventNumber)}/status`)).json();
  expect(before.state).toBe("none");
  await ask.getByRole("button", { name: "Start the clock" }).click();
  await expect(page.getByTestId("quiz-form")).toBeVisible();
  await hydrated(page, jsEnabled);
  const capital = page.getByRole("group", { name: /capital of India/ });
  const primes = page.getByRole("group", { name: /prime numbers/ });
  const states = page.getByRole("group", { name: /How many states/ });

  if (!jsEnabled) {
    // One form, every question, 'Submit by {time}'.
    await expect(page.getByTestId("question")).toHaveCount(3);
    await expect(page.getByTestId("submit-quiz")).toHaveText(/^Submit by \d\d:\d\d$/);
    await capital.getByLabel("New Delhi").check();
    await primes.getByLabel("2", { exact: true }).check();
    await primes.getByLabel("7").check();
    await states.getByLabel("Your answer").fill("28");
    await shot(page, "quiz-take", jsEnabled);
  } else {
    // One question at a time, a countdown, each answer saved as it is picked.
    await expect(page.getByTestId("countdown")).toContainText(/Question 1 of 3\s*\d\d:\d\d/);
    await expect(primes).toBeHidden();
    await capital.getByLabel("New Delhi").check();
    await expect(page.getByTestId("save-state")).toHaveText("All answers saved");
    await shot(page, "quiz-take", jsEnabled);
    await page.getByRole("button", { name: "Next" }).click();
    await expect(capital).toBeHidden();
    // The network drops while an answer is picked: it is sent again once it is back.
    await context.setOffline(true);
    await primes.getByLabel("2", { exact: true }).check();
    await expect(page.getByTestId("save-state")).toHaveText("Not saved yet: trying again");
    await context.setOffline(false);
    await expect(page.getByTestId("save-state")).toHaveText("All answers saved");
    expect(await savedAnswers(page, eventNumber)).toMatchObject({
      "q-capital": "1",
      "q-primes": ["0"],
    });
    await primes.getByLabel("7").check();
    await page.getByRole("button", { name: "Next" }).click();
    await states.getByLabel("Your answer").fill("28");
  }
  // What a wrong answer costs, beside each question that takes marks off.
  await expect(page.getByTestId("question-marks").first()).toHaveText("4 marks · −1 if wrong");
  await expect(page.getByTestId("question-marks").nth(1)).toHaveText(
    "2 marks · pick every right option",
  );
  // 'Submit quiz' asks first; Cancel finds every answer as it was, without JavaScript too.
  await page.getByTestId("submit-quiz").click();
  await expect(page.getByTestId("confirm-step")).toContainText("You answered 3 of 3.");
  await expect(page.getByTestId("confirm-step")).toContainText("one per team");
  await shot(page, "quiz-submit-confirm", jsEnabled);
  await page.getByTestId("cancel").click();
  await expect(page.getByTestId("quiz-form")).toBeVisible();
  await expect(capital.getByLabel("New Delhi")).toBeChecked();
  expect((await (await page.request.get(`${api(eventNumber)}/status`)).json()).state).toBe(
    "started",
  );
  await page.getByTestId("submit-quiz").click();
  await page.getByTestId("confirm").click();
  await expect(page.getByText("Quiz submitted")).toBeVisible();
  await expect(
    page.getByText(/^Submitted\. Results are shown when the round closes/),
  ).toBeVisible();
  expect(await savedAnswers(page, eventNumber)).toEqual({
    "q-capital": "1",
    "q-primes": ["0", "2"],
    "q-number": 28,
  });
  await page.goto(`/event/${eventNumber}`);
  await expect(page.getByTestId("quiz-action")).toHaveText(/^Submitted/);
});

test("the server's deadline: the page submits itself at zero, and a late form is refused", async ({
  page,
  context,
  baseURL,
  jsEnabled,
}) => {
  if (jsEnabled) {
    // The round ends in 20 s: the deadline is the round's end, and the countdown submits at zero.
    const { eventNumber, people } = await seedQuizEvent(organiser(), ["Ira"], { endIn: 1 / 3 });
    await signInAs(context, baseURL!, people[0]!.id);
    await page.goto(`/event/${eventNumber}/rounds/0/quiz`);
    // The quiz page says what the quiz is before its 'Start quiz' too.
    await expect(page.getByTestId("quiz-brief")).toContainText("3 questions, 9 marks in all.");
    await page.getByRole("button", { name: "Start quiz" }).click();
    // The round ends before the quiz's 20 minutes would: the question says so.
    await expect(page.getByTestId("confirm-step")).toContainText("when the round closes");
    await page.getByTestId("confirm").click();
    await hydrated(page, jsEnabled);
    await page
      .getByRole("group", { name: /capital of India/ })
      .getByLabel("Kolkata")
      .check();
    // At zero the page sends what it holds; the round has closed by then, so the result shows.
    await expect(page.getByTestId("quiz-result")).toContainText("-1 of 9", { timeout: 45_000 });
    await expect(page.getByTestId("quiz-result")).toContainText("Your answer: Kolkata");
    const status = await (await page.request.get(`${api(eventNumber)}/status`)).json();
    expect(status.state).toBe("submitted");
  } else {
    // An attempt whose deadline (and its 30 s of grace) passed while the round is still open.
    const seeded = await seedQuizEvent(organiser(), ["Ira"], { startIn: -60 });
    await seedAttempt(seeded, seeded.people[0]!, {}, 40, 0, { unsubmitted: true });
    await signInAs(context, baseURL!, seeded.people[0]!.id);
    await page.goto(`/event/${seeded.eventNumber}/rounds/0/quiz`);
    await page
      .getByRole("group", { name: /capital of India/ })
      .getByLabel("Kolkata")
      .check();
    await page.getByTestId("submit-quiz").click();
    await expect(page.getByText("Time is up")).toBeVisible();
  }
});

test("the leaderboard, 'Advance top N', and a participant's result after the round closes", async ({
  page,
  jsEnabled,
  organiser: org,
  switchUser,
}) => {
  const seeded = await seedQuizEvent(org.id, ["Asha", "Bala", "Chitra"], {
    startIn: -60,
    endIn: -1,
  });
  const [asha, bala, chitra] = seeded.people;
  const right = { "q-capital": "1", "q-primes": ["0", "2"], "q-number": 28 };
  await seedAttempt(seeded, asha!, right, 50, 10);
  await seedAttempt(seeded, bala!, right, 50, 5);
  await seedAttempt(seeded, chitra!, { "q-capital": "0" }, 50, 3);
  await page.goto(`/my/event/${seeded.eventNumber}/quiz/0`);
  await hydrated(page, jsEnabled);
  const rows = page.getByTestId("quiz-leaderboard").locator("tbody tr");
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(0)).toContainText("Bala Quizzer");
  await expect(rows.nth(0)).toContainText("05:00");
  await expect(rows.nth(1)).toContainText("Asha Quizzer");
  await expect(rows.nth(2)).toContainText("-1");
  await expect(page.getByText("The quiz cannot be changed after the round starts.")).toBeVisible();
  await shot(page, "quiz-leaderboard", jsEnabled);
  await page.getByLabel("How many advance").fill("2");
  await page.getByRole("button", { name: /^Advance top \d+$/ }).click();
  await expect(page.getByTestId("confirm-step")).toContainText("2 of 3 advance.");
  await page.getByTestId("confirm-step").getByRole("button", { name: /^Save/ }).click();
  await expect(page.getByText("Results saved")).toBeVisible();
  const results = await (
    await page.request.get(`/api/v1/event/${seeded.eventNumber}/results`)
  ).json();
  const advanced = JSON.stringify(results);
  expect(advanced).toContain(bala!.registrationId);
  expect(advanced).toContain(asha!.registrationId);
  expect(advanced).not.toContain(chitra!.registrationId);

  await switchUser(chitra!.id);
  await page.goto(`/event/${seeded.eventNumber}/rounds/0/quiz`);
  const result = page.getByTestId("quiz-result");
  await expect(result).toContainText("-1 of 9");
  await expect(result).toContainText("Rank 3 of 3");
  await expect(result).toContainText("Correct answer: New Delhi");
  await shot(page, "quiz-result", jsEnabled);
});
