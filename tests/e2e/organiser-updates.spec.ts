import SQLite from "better-sqlite3";
import { newId } from "#server/lib/crypto";
import { expect, test } from "./fixtures";
import { registerUsers, seedRegistrationEvent } from "./registration-seed";
import { dbFile, insertUser, loginAs } from "./session";
import { shot } from "./shots";

/**
 * Issue 45: an update is posted to an audience after a confirmation naming how many are mailed;
 * Cancel sends nothing; a posted update is edited in place (not mailed again) and deleted after
 * a confirmation. JavaScript on and off, on a phone.
 */
test.describe.configure({ timeout: 90_000 });

/** Who was mailed a subject, straight from the e2e server's outbox. */
function mailedWith(subject: string): string[] {
  const db = new SQLite(dbFile(), { readonly: true });
  const rows = db
    .prepare(`select "to" from "mailOutbox" where subject like ? order by "to"`)
    .all(`%${subject}%`) as { to: string }[];
  db.close();
  return rows.map((r) => r.to);
}

test("the organiser posts an update to those checked in, edits it and deletes it, each confirmed", async ({
  page,
  context,
  baseURL,
  jsEnabled,
}) => {
  await page.setViewportSize({ width: 360, height: 800 });
  const organiser = await loginAs(context, baseURL!, { firstName: "Esha" });
  const { eventNumber: n, eventName } = seedRegistrationEvent({ madeBy: organiser.id });
  const people = ["Ravi", "Sana"].map((firstName) => {
    const id = newId();
    const email = `${firstName.toLowerCase()}.${id}@example.com`;
    insertUser({ id, email, firstName });
    return { id, email };
  });
  await registerUsers(
    n,
    people.map((p) => p.id),
    { each: true },
  );
  // Ravi is checked in at the venue.
  const db = new SQLite(dbFile());
  const eventId = (
    db.prepare("select id from events where eventNumber = ?").get(n) as { id: number }
  ).id;
  db.prepare(
    `insert into "checkIns" ("eventId", "userId", "checkedInAt", "byUserId") values (?, ?, ?, ?)`,
  ).run(eventId, people[0]!.id, new Date().toISOString(), organiser.id);
  db.close();

  const tag = jsEnabled ? "js" : "nojs";
  const title = `Lunch in the atrium ${tag}`;
  await page.goto(`/my/event/${n}?section=updates`);
  const section = page.getByRole("region", { name: "Updates" });
  await section.getByLabel("Title").fill(title);
  await section.getByLabel("Message").fill("Lunch is served in the atrium. Bring your badge.");
  await section.getByLabel("Those checked in (1)").check();
  await section.getByRole("button", { name: "Post update" }).click();
  const confirm = page.getByTestId("confirm-step");
  await expect(confirm).toContainText(`Post “${title}”?`);
  await expect(confirm).toContainText("To: those checked in. This will e-mail 1 person.");
  await shot(page, "updates-confirm", jsEnabled);
  // Cancel: nothing posted, nobody mailed.
  await confirm.getByTestId("cancel").click();
  await expect(page).toHaveURL(`/my/event/${n}?section=updates`);
  await expect(section).toContainText("No updates yet.");
  expect(mailedWith(title)).toEqual([]);

  await section.getByLabel("Title").fill(title);
  await section.getByLabel("Message").fill("Lunch is served in the atrium. Bring your badge.");
  await section.getByLabel("Those checked in (1)").check();
  await section.getByRole("button", { name: "Post update" }).click();
  await confirm.getByRole("button", { name: "Post and e-mail 1" }).click();
  const update = section.getByTestId("update");
  await expect(update).toHaveCount(1);
  await expect(update).toContainText(title);
  await expect(update.getByTestId("update-audience")).toHaveText("Sent to those checked in");
  await expect.poll(() => mailedWith(title)).toEqual([people[0]!.email]);

  // Edit in place: saved, marked edited, nobody mailed again.
  await update.getByRole("link", { name: `Edit the update ${title}` }).click();
  await expect(page).toHaveURL(/section=updates&edit=\d+/);
  await update.getByLabel("Title").fill("x");
  await update.getByRole("button", { name: "Save changes" }).click();
  await expect(update).toContainText("Minimum 3 characters required");
  await update.getByLabel("Title").fill(`${title}, 1 pm`);
  await shot(page, "updates-edit", jsEnabled);
  await update.getByRole("button", { name: "Save changes" }).click();
  await expect(update.getByRole("heading", { name: `${title}, 1 pm` })).toBeVisible();
  await expect(update).toContainText("edited");
  expect(mailedWith(title)).toEqual([people[0]!.email]);
  await shot(page, "updates-list", jsEnabled);

  // Delete asks first; Cancel keeps it, Confirm removes it from here and the event page.
  await update.getByRole("button", { name: `Delete the update ${title}, 1 pm` }).click();
  await expect(confirm).toContainText(`Delete the update “${title}, 1 pm”?`);
  await confirm.getByTestId("cancel").click();
  await expect(update).toHaveCount(1);
  await update.getByRole("button", { name: `Delete the update ${title}, 1 pm` }).click();
  await confirm.getByRole("button", { name: "Delete update" }).click();
  await expect(section).toContainText("No updates yet.");
  await page.goto(`/event/${n}`);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(eventName);
  await expect(page.locator("#Updates")).toHaveCount(0);
});
