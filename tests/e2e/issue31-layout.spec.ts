import type { Locator } from "@playwright/test";
import { expect, test, signedInTest } from "./fixtures";
import { registerUsers, seedRegistrationEvent, teamEvent } from "./registration-seed";
import { seedDiscovery } from "./seed";
import { loginAs } from "./session";
import { shot } from "./shots";

/**
 * Issue 31, "Words and layout": what the layout got wrong at 360 and 1366 px, measured in the
 * browser. With SHOTS=dir set, each page is also saved as a screenshot to look at.
 */
const DESKTOP = { width: 1366, height: 900 };
const PHONE = { width: 360, height: 740 };

/** Registers e2e users straight in the database, one registration each. */
const registerEach = (eventNumber: string, userIds: string[]) =>
  registerUsers(eventNumber, userIds, { each: true });

/** The card's children that show nothing yet take room (an empty line with its margins). */
async function emptyBands(card: Locator): Promise<string[]> {
  return card.evaluate((el) =>
    [...el.children]
      .filter((c) => (c as HTMLElement).offsetParent !== null)
      .filter((c) => c.children.length === 0 && !c.textContent?.trim() && c.tagName !== "INPUT")
      .map((c) => `${c.tagName} ${Math.round(c.getBoundingClientRect().height)}px`),
  );
}

signedInTest("registration forms start at the top of their card", async ({ page, jsEnabled }) => {
  await page.setViewportSize(DESKTOP);
  const { eventNumber: n } = seedRegistrationEvent(teamEvent);
  for (const [url, card] of [
    [`/event/${n}/register`, page.locator("form").filter({ hasText: "Team Name" })],
    [`/event/${n}/team/join`, page.locator("form").filter({ hasText: "Team code" })],
    [`/event/${n}/teammates`, page.locator("form").filter({ hasText: "List yourself" })],
  ] as const) {
    await page.goto(url);
    await expect(card.first()).toBeVisible();
    // An empty refusal line (with its margins and the card's gap) once took about 60 px.
    expect(await emptyBands(card.first()), url).toEqual([]);
  }
  await page.goto(`/event/${n}/register`);
  await shot(page, "create-team", jsEnabled);
});

signedInTest(
  "organiser page: whole e-mails, whole-number chart ticks; My Events cards say state and count",
  async ({ page, baseURL, browser, jsEnabled, me: organiser }) => {
    await page.setViewportSize(DESKTOP);
    const { eventNumber: n, eventName } = seedRegistrationEvent({ madeBy: organiser.id });
    const other = await browser.newContext();
    const student = await loginAs(other, baseURL!, {
      email: `a.very.long.address.for.registrants.${Date.now()}@students.example.org`,
    });
    await other.close();
    await registerEach(n, [student.id]);

    await page.goto(`/my/event/${n}?section=registrations`);
    const email = page.locator('[data-testid="registrants"] td[data-label="E-mail"]').first();
    await expect(email).toContainText("a.very.long.address");
    const lines = await email.evaluate((td) => {
      const range = document.createRange();
      range.selectNodeContents(td);
      return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
    });
    expect(lines, "the address on one line").toBe(1);
    await expect(page.getByTestId("registration-counts")).toContainText(
      "1 registration · 1 person",
    );
    await page.goto(`/my/event/${n}`);
    const ticks = await page.getByTestId("insights-chart").locator("text").allTextContents();
    const numbers = ticks.filter((t) => /^[\d.]+$/.test(t));
    expect(numbers.length).toBeGreaterThan(1);
    for (const t of numbers) expect(Number.isInteger(Number(t)), t).toBe(true);
    await shot(page, "organiser", jsEnabled);

    await page.goto(`/my/event?q=${encodeURIComponent(eventName)}`);
    const card = page.getByTestId("event-card").filter({ hasText: eventName });
    await expect(card.getByTestId("card-status")).toHaveText("Published");
    await expect(card.getByTestId("card-registrations")).toHaveText("1 registration");
    await shot(page, "my-events", jsEnabled);
  },
);

test("home: card names use the card's width, category tiles fill their rows", async ({
  page,
  jsEnabled,
}) => {
  await seedDiscovery();
  await page.setViewportSize(DESKTOP);
  await page.goto("/");
  const names = page.getByTestId("event-card").locator("h3");
  expect(await names.count()).toBeGreaterThan(4);
  // Names of a real length (other specs publish 100-character XSS payloads, which three lines
  // cannot hold and are meant to be cut with an ellipsis).
  const clipped = await names.evaluateAll((els) =>
    els
      .filter((el) => (el.textContent ?? "").length <= 60)
      .filter((el) => el.scrollHeight > el.clientHeight + 1)
      .map((el) => el.textContent),
  );
  expect(clipped, "names cut short").toEqual([]);
  const tiles = page.locator("#categories + ul > li");
  const boxes = await tiles.evaluateAll((els) =>
    els.map((el) => {
      const r = el.getBoundingClientRect();
      return { top: Math.round(r.top), width: Math.round(r.width), right: Math.round(r.right) };
    }),
  );
  const list = (await page.locator("#categories + ul").boundingBox())!;
  expect(new Set(boxes.map((b) => b.top)).size, "one row").toBe(1);
  expect(new Set(boxes.map((b) => b.width)).size, "equal widths").toBe(1);
  expect(Math.abs(boxes.at(-1)!.right - (list.x + list.width))).toBeLessThanOrEqual(1);

  await page.setViewportSize(PHONE);
  const last = (await tiles.last().boundingBox())!;
  const phoneList = (await page.locator("#categories + ul").boundingBox())!;
  expect(Math.round(last.width), "the fifth tile takes the whole row").toBe(
    Math.round(phoneList.width),
  );
  await shot(page, "home", jsEnabled);
});

test("category page: every button's label on one line", async ({ page, jsEnabled }) => {
  await page.goto("/event/category");
  for (const size of [PHONE, DESKTOP]) {
    await page.setViewportSize(size);
    const heights = await page
      .getByRole("link", { name: /^Create / })
      .evaluateAll((els) => els.map((el) => Math.round(el.getBoundingClientRect().height)));
    expect(heights).toHaveLength(6);
    expect(new Set(heights).size, `${size.width} px: ${heights}`).toBe(1);
  }
  await shot(page, "category", jsEnabled);
});

signedInTest("step 1 without JavaScript explains its extra button", async ({ page, jsEnabled }) => {
  await page.goto(`/event/create/${String(10000 + Math.floor(Math.random() * 90000))}/step1`);
  await expect(page.getByRole("button", { name: "Update form" })).toHaveCount(0);
  const load = page.getByRole("button", { name: "Load About for this type" });
  if (jsEnabled) await expect(load).toBeHidden();
  else
    await expect(load).toHaveAccessibleDescription(/Changed the event type\? Load the suggested/);
  await shot(page, "step1", jsEnabled);
});
