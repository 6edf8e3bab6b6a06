import SQLite from "better-sqlite3";
import { newId } from "#server/lib/crypto";
import { expect, test } from "./fixtures";
import { seedRegistrationEvent } from "./registration-seed";
import { dbFile, insertUser, loginAs, signInAs } from "./session";
import { shot } from "./shots";

/**
 * Issue 45, at 360 px, JavaScript on and off: the organising team sees 'You organise this event'
 * in the event page's registration block, not 'Register'; a student's second registration starts
 * with the phone, college and course of the first when the profile has none.
 */
test.describe.configure({ timeout: 90_000 });
test.use({ viewport: { width: 360, height: 740 } });

test("the owner and a judge see 'You organise this event', not Register", async ({
  page,
  context,
  baseURL,
  jsEnabled,
}) => {
  const owner = await loginAs(context, baseURL!, { firstName: "Esha" });
  const { eventNumber: n } = seedRegistrationEvent({ madeBy: owner.id });
  await page.goto(`/event/${n}`);
  const block = page.getByTestId("registration-block");
  await expect(block).toHaveAttribute("data-state", "organiser");
  await expect(block.getByTestId("registration-status")).toHaveText("You organise this event");
  await expect(block.getByTestId("register")).toHaveCount(0);
  await expect(page.getByTestId("mobile-cta")).toHaveCount(0);
  await shot(page, "registration-organiser", jsEnabled);
  await block.getByRole("link", { name: "Manage this event" }).click();
  await expect(page).toHaveURL(`/my/event/${n}`);

  // A judge of the event: the same words, and their part of it.
  const judge = newId();
  insertUser({ id: judge, email: `judge.${judge}@example.com`, firstName: "Jaya" });
  const db = new SQLite(dbFile());
  const eventId = (
    db.prepare("select id from events where eventNumber = ?").get(n) as { id: number }
  ).id;
  db.prepare(
    "insert into eventOrganisers (eventId, userId, role, joinedAt) values (?, ?, 'judge', ?)",
  ).run(eventId, judge, new Date().toISOString());
  db.close();
  await context.clearCookies();
  await signInAs(context, baseURL!, judge);
  await page.goto(`/event/${n}`);
  await expect(block.getByTestId("registration-status")).toHaveText("You organise this event");
  await expect(block.getByRole("link", { name: "Open your part" })).toHaveAttribute(
    "href",
    `/my/event/${n}`,
  );
});

test("a second registration starts with the first one's phone, college and course", async ({
  page,
  context,
  baseURL,
  jsEnabled,
}) => {
  // A profile without college or course (signed up with name and address only).
  const id = newId();
  insertUser({ id, email: `new.${id}@example.com`, firstName: "Nila", profile: false });
  await signInAs(context, baseURL!, id);
  const first = seedRegistrationEvent().eventNumber;
  const second = seedRegistrationEvent().eventNumber;

  await page.goto(`/event/${first}/register`);
  await expect(page.getByLabel("Phone Number")).toHaveValue("");
  await expect(page.getByLabel("College Name")).toHaveValue("");
  await page.getByLabel("Phone Number").fill("9123456780");
  await page.getByLabel("College Name").fill("NIT Trichy");
  await page.getByLabel("Course").selectOption("M.Tech");
  await page.getByTestId("submit-register").click();
  await expect(page).toHaveURL(`/event/${first}`);
  await expect(page.getByTestId("registered")).toHaveText("You're registered");

  await page.goto(`/event/${second}/register`);
  await expect(page.getByLabel("Phone Number")).toHaveValue("9123456780");
  await expect(page.getByLabel("College Name")).toHaveValue("NIT Trichy");
  await expect(page.getByLabel("Course")).toHaveValue("M.Tech");
  await shot(page, "registration-prefilled", jsEnabled);
  await page.getByTestId("submit-register").click();
  await expect(page).toHaveURL(`/event/${second}`);
  await expect(page.getByTestId("registered")).toHaveText("You're registered");
});
