import SQLite from "better-sqlite3";
import type { APIRequestContext } from "@playwright/test";
import { expect, hydrated, test } from "./fixtures";
import { registerPeople, seedRegistrationEvent, withEventDb } from "./registration-seed";
import { dbFile, loginAs } from "./session";
import { shot } from "./shots";
import { createDraft } from "./steps";

/**
 * SPEC-4 §4, organisations and their events: event cards link the organisation (and still open
 * the event), step 1's 'Organisation' keeps what a refused form sent, the organisation's page
 * shows past events with their winners, and a clash of dates is a warning on step 3 and on the
 * organiser page, never a refusal.
 */

const DAY = 86_400_000;
const iso = (days: number) => new Date(Date.now() + days * DAY).toISOString();
const suffixOf = () => Math.random().toString(36).slice(2, 8);

/** Runs SQL on the e2e server's database. */
function sqlite<T>(work: (db: SQLite.Database) => T): T {
  const db = new SQLite(dbFile());
  db.pragma("busy_timeout = 5000");
  try {
    return work(db);
  } finally {
    db.close();
  }
}

const orgIdOf = (handle: string) =>
  sqlite(
    (db) =>
      (db.prepare("select id from organisations where handle = ?").get(handle) as { id: number })
        .id,
  );

/** An organisation made through the API by the signed-in user of `request`; its row id. */
async function makeOrg(
  request: APIRequestContext,
  org: { handle: string; name: string; college?: string },
): Promise<number> {
  const made = await request.post("/api/v1/orgs", {
    multipart: { college: "IIT Delhi", city: "New Delhi", ...org },
  });
  expect(made.status()).toBe(201);
  return orgIdOf(org.handle);
}

test("an event card links its organisation; the rest of the card opens the event", async ({
  page,
  context,
  baseURL,
  jsEnabled,
}) => {
  const suffix = suffixOf();
  const handle = `cardclub-${suffix}`;
  const name = `Card Club ${suffix}`;
  await loginAs(context, baseURL!, { firstName: "Orla" });
  const orgId = await makeOrg(page.request, { handle, name });
  sqlite((db) =>
    db.prepare("update organisations set verifiedDomain = 'iitd.ac.in' where id = ?").run(orgId),
  );
  const { eventNumber, eventName } = seedRegistrationEvent({
    orgId,
    eventName: `Cardlink Hackathon ${suffix}`,
  });
  await context.clearCookies();

  const search = `/event/search?q=${encodeURIComponent(`Cardlink Hackathon ${suffix}`)}`;
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto(search);
  await hydrated(page, jsEnabled);
  const card = page.locator(`[data-testid=event-card][data-event-number="${eventNumber}"]`);
  const orgLink = card.getByTestId("card-org");
  await expect(orgLink).toHaveAttribute("href", `/org/${handle}`);
  await expect(card.getByRole("link", { name: `${name} Verified`, exact: true })).toBeVisible();
  const eventLink = card.getByRole("link", { name: eventName, exact: true });
  await expect(eventLink).toHaveAttribute("href", new RegExp(`selected=${eventNumber}`));
  // Two links side by side, neither inside the other; the keyboard reaches the event, then the club.
  expect(await card.locator("a a").count()).toBe(0);
  await eventLink.focus();
  await page.keyboard.press("Tab");
  await expect(orgLink).toBeFocused();
  await shot(page, "orgs-finish-card-search", jsEnabled);

  // The organisation's name opens its page.
  await orgLink.click();
  await expect(page).toHaveURL(new RegExp(`/org/${handle}$`));
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();

  // Anywhere else on the card (its corner, its tags) opens the event.
  await page.goto(search);
  await hydrated(page, jsEnabled);
  await card.click({ position: { x: 6, y: 6 } });
  await expect(page).toHaveURL(new RegExp(`selected=${eventNumber}`));
  await expect(page.getByTestId("event-detail")).toContainText(eventName);
  await page.goto(search);
  await hydrated(page, jsEnabled);
  // The tag sits under the event link's stretch: a click on it is a click on the event link.
  const tag = (await card.getByText(/left$/).first().boundingBox())!;
  await page.mouse.click(tag.x + tag.width / 2, tag.y + tag.height / 2);
  await expect(page).toHaveURL(new RegExp(`selected=${eventNumber}`));

  // On a phone, the same.
  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto(`/org/${handle}`);
  await hydrated(page, jsEnabled);
  const onOrgPage = page
    .getByTestId("org-upcoming")
    .locator(`[data-testid=event-card][data-event-number="${eventNumber}"]`);
  await expect(onOrgPage.getByTestId("card-org")).toHaveAttribute("href", `/org/${handle}`);
  await onOrgPage.click({ position: { x: 6, y: 6 } });
  await expect(page).toHaveURL(new RegExp(`/event/${eventNumber}$`));
  await expect(page.getByTestId("event-org")).toHaveAttribute("href", `/org/${handle}`);
});

test("step 1's Organisation keeps what a refused form sent", async ({
  page,
  context,
  baseURL,
  jsEnabled,
}) => {
  const suffix = suffixOf();
  const mine = `own-${suffix}`;
  const theirs = `lent-${suffix}`;
  // Someone else's club, which the organiser administers for now.
  const other = await loginAs(context, baseURL!, { firstName: "Tara" });
  const theirsId = await makeOrg(page.request, { handle: theirs, name: `Lent Club ${suffix}` });
  await context.clearCookies();
  const me = await loginAs(context, baseURL!, { firstName: "Orla" });
  await makeOrg(page.request, { handle: mine, name: `Own Club ${suffix}` });
  sqlite((db) =>
    db
      .prepare("insert into orgAdmins (orgId, userId, addedAt) values (?, ?, ?)")
      .run(theirsId, me.id, new Date().toISOString()),
  );
  expect(other.id).not.toBe(me.id);
  const n = await createDraft(page.request);

  await page.goto(`/event/create/${n}/step1`);
  await hydrated(page, jsEnabled);
  const select = page.getByLabel("Organisation", { exact: true });
  await expect(select).toHaveValue("");
  // Another field's error: the chosen organisation stays chosen.
  await select.selectOption(theirs);
  await page.getByLabel("Event Name").fill("");
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByText("Event Name is required").first()).toBeVisible();
  await expect(select).toHaveValue(theirs);

  // No longer an admin of it when the form is sent: 403, and the choice is still what was sent.
  sqlite((db) =>
    db.prepare("delete from orgAdmins where orgId = ? and userId = ?").run(theirsId, me.id),
  );
  await page.getByLabel("Event Name").fill("Spring Fest");
  await page.getByRole("button", { name: "Next" }).click();
  // Under the select, as its error.
  await expect(page.locator("#event-org-error")).toHaveText(
    "You are not an admin of this organisation",
  );
  await expect(select).toHaveAttribute("aria-invalid", "true");
  await expect(page).toHaveURL(new RegExp(`/event/create/${n}/step1`));
  await expect(select).toHaveValue(theirs);
  await expect(page.getByLabel("Event Name")).toHaveValue("Spring Fest");
  await shot(page, "orgs-finish-step1-refused", jsEnabled);

  // One of their own goes through.
  await select.selectOption(mine);
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page).toHaveURL(new RegExp(`/event/create/${n}/step2`));
  const saved = await (await page.request.get(`/api/v1/event/details/${n}`)).json();
  expect(saved.org.handle).toBe(mine);
});

test("an organisation's page shows its past events with their winners", async ({
  page,
  context,
  baseURL,
  jsEnabled,
}) => {
  const suffix = suffixOf();
  const handle = `pastclub-${suffix}`;
  await loginAs(context, baseURL!, { firstName: "Orla" });
  const orgId = await makeOrg(page.request, { handle, name: `Past Club ${suffix}` });
  const won = seedRegistrationEvent({
    orgId,
    eventName: `Robo Wars ${suffix}`,
    startDate: iso(-20),
    endDate: iso(-10),
  });
  const plain = seedRegistrationEvent({
    orgId,
    eventName: `Quiz Night ${suffix}`,
    startDate: iso(-9),
    endDate: iso(-3),
  });
  const upcoming = seedRegistrationEvent({ orgId, eventName: `Code Sprint ${suffix}` });
  await withEventDb(won.eventNumber, async (db, eventId) => {
    const [first, second] = await registerPeople(db, eventId, ["Wren", "Ila"], "Das");
    const at = new Date(Date.now() - 9 * DAY).toISOString();
    await db
      .insertInto("eventWinners")
      .values([
        { eventId, rank: 1, registrationId: first!.registrationId, createdAt: at },
        { eventId, rank: 2, registrationId: second!.registrationId, createdAt: at },
      ])
      .execute();
  });
  await context.clearCookies();

  await page.goto(`/org/${handle}`);
  await hydrated(page, jsEnabled);
  await expect(page.getByTestId("org-upcoming")).toContainText(upcoming.eventName);
  await expect(page.getByTestId("org-upcoming")).not.toContainText(won.eventName);
  const past = page.getByTestId("org-past");
  // Newest first; the winners under theirs, by rank, as the event page names them.
  await expect(past.locator(":scope > li")).toHaveCount(2);
  await expect(past.locator(":scope > li").nth(0)).toContainText(plain.eventName);
  const withWinners = past.locator(":scope > li").nth(1);
  await expect(withWinners).toContainText(won.eventName);
  const winners = withWinners.getByRole("list", { name: "Winners" });
  await expect(winners.locator("li")).toHaveText([
    "1st Wren D., IIT Delhi",
    "2nd Ila D., IIT Delhi",
  ]);
  await expect(past.locator(":scope > li").nth(0).getByTestId("org-winners")).toHaveCount(0);
  await shot(page, "orgs-finish-org-past", jsEnabled);
  await withWinners.getByRole("link", { name: won.eventName }).click();
  await expect(page).toHaveURL(new RegExp(`/event/${won.eventNumber}$`));
});

test("a clash of dates at the same college is a warning on step 3 and the organiser page, never a refusal", async ({
  page,
  context,
  baseURL,
  jsEnabled,
}) => {
  const suffix = suffixOf();
  const host = `hostclub-${suffix}`;
  const neighbour = `nextdoor-${suffix}`;
  // A club of the same college (its name typed otherwise) with a published event on those dates.
  await loginAs(context, baseURL!, { firstName: "Nia" });
  const neighbourId = await makeOrg(page.request, {
    handle: neighbour,
    name: `Next Door ${suffix}`,
    college: "iit  DELHI",
  });
  const clash = seedRegistrationEvent({
    orgId: neighbourId,
    eventName: `Clashing Fest ${suffix}`,
    startDate: iso(-1),
    endDate: iso(5),
  });
  // A club elsewhere, on the same dates: not a clash.
  const far = `farclub-${suffix}`;
  const farId = await makeOrg(page.request, {
    handle: far,
    name: `Far Club ${suffix}`,
    college: "IIT Bombay",
  });
  const elsewhere = seedRegistrationEvent({
    orgId: farId,
    eventName: `Far Fest ${suffix}`,
    startDate: iso(-1),
    endDate: iso(5),
  });
  await context.clearCookies();
  const me = await loginAs(context, baseURL!, { firstName: "Orla" });
  await makeOrg(page.request, { handle: host, name: `Host Club ${suffix}` });
  const n = await createDraft(page.request, { ready: true, orgHandle: host });

  await page.goto(`/event/create/${n}/step3`);
  await hydrated(page, jsEnabled);
  const warning = page.getByTestId("clashes");
  await expect(warning).toContainText("Other events at IIT Delhi on these dates");
  await expect(warning.getByRole("link", { name: clash.eventName })).toHaveAttribute(
    "href",
    `/event/${clash.eventNumber}`,
  );
  await expect(warning.getByRole("link", { name: `Next Door ${suffix}` })).toHaveAttribute(
    "href",
    `/org/${neighbour}`,
  );
  await expect(warning).not.toContainText(elsewhere.eventName);
  await shot(page, "orgs-finish-clash-step3", jsEnabled);
  // A warning: publishing goes through.
  await page.getByRole("button", { name: "Publish" }).click();
  await expect(page).toHaveURL(new RegExp(`/event/${n}$`));
  const published = await (await page.request.get(`/api/v1/event/details/${n}`)).json();
  expect(published.status).toBe("active");

  await page.goto(`/my/event/${n}`);
  await hydrated(page, jsEnabled);
  await expect(page.getByTestId("clashes")).toContainText(
    "Other events at IIT Delhi on these dates",
  );
  await expect(page.getByTestId("clashes")).toContainText(clash.eventName);
  await shot(page, "orgs-finish-clash-organiser", jsEnabled);

  // Nobody else sees it: not the public, nor someone outside the team.
  await context.clearCookies();
  await page.goto(`/event/${n}`);
  await expect(page.getByTestId("clashes")).toHaveCount(0);
  expect(me.id).toBeTruthy();
});
