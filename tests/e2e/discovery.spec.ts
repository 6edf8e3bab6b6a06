import type { Page } from "@playwright/test";
import { SEARCH_EVENT_TYPES } from "#server/contracts/constants";
import { expect, hydrated, test, signedInTest } from "./fixtures";
import { feedbackOf, type SeededDiscovery, seedDiscovery } from "./seed";
import { loginAs, signInAs } from "./session";

let seeded: SeededDiscovery;
test.beforeAll(async () => {
  seeded = await seedDiscovery();
});

/** With JavaScript the filters apply as they change; without it, the Search button sends the form. */
async function applyFilters(page: Page, jsEnabled: boolean) {
  if (!jsEnabled)
    await page
      .getByRole("search", { name: "Filter events" })
      .getByRole("button", { name: "Search" })
      .click();
}

const cards = (page: Page) => page.getByTestId("result-list").getByTestId("event-card");

test("search filters by each type and by mode, in the URL", async ({ page, jsEnabled }) => {
  await page.goto("/event/search");
  await expect(cards(page).first()).toBeVisible();
  await hydrated(page, jsEnabled);
  const filters = page.getByRole("search", { name: "Filter events" });
  // With JavaScript the address changes when the answer is in and the list a render later, so the
  // list is read until it settles (a list that stays wrong still fails).
  const typesShown = async () =>
    new Set(await page.getByTestId("result-list").getByTestId("card-type").allTextContents());
  const modesShown = async () =>
    new Set(await cards(page).evaluateAll((els) => els.map((e) => e.getAttribute("data-mode"))));

  for (const type of SEARCH_EVENT_TYPES) {
    await filters.getByLabel("Event type").selectOption(type);
    await applyFilters(page, jsEnabled);
    await expect(page).toHaveURL(
      new RegExp(`type=${encodeURIComponent(type).replace(/%20/g, "(\\+|%20)")}`),
    );
    await expect(cards(page).first()).toBeVisible();
    await expect.poll(typesShown, { message: type }).toEqual(new Set([type.split(" ")[0]]));
  }

  await filters.getByLabel("Event type").selectOption("");
  for (const mode of ["Online", "Offline"]) {
    await filters.getByText(mode, { exact: true }).click();
    await applyFilters(page, jsEnabled);
    await expect(page).toHaveURL(new RegExp(`mode=${mode}`));
    await expect(page).not.toHaveURL(/type=[^&]/); // without JavaScript the browser sends "type=" empty
    await expect(cards(page).first()).toBeVisible();
    await expect.poll(modesShown, { message: mode }).toEqual(new Set([mode]));
  }
});

test("text search finds a festival name typed in another case; a nonsense query finds nothing", async ({
  page,
  jsEnabled,
}) => {
  await page.goto("/");
  const topSearch = page.getByRole("searchbox", { name: "Search events" });
  await topSearch.fill(seeded.showcase.festivalName.toUpperCase());
  await topSearch.press("Enter");
  await expect(page).toHaveURL(/\/event\/search\?q=/);
  await expect(cards(page)).toHaveCount(1);
  await expect(cards(page).first()).toContainText(seeded.showcase.eventName);
  // The first result is selected and previewed beside the list.
  await expect(
    page
      .getByTestId("event-detail")
      .getByRole("heading", { name: seeded.showcase.eventName, exact: true }),
  ).toBeVisible();

  // Small screens: the page's own text box.
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto("/event/search?type=Quizzes");
  await hydrated(page, jsEnabled);
  const box = page.getByRole("searchbox", { name: "Search by event, festival or organisation" });
  await box.fill("zzqx nothing matches this");
  if (jsEnabled) await expect(page).toHaveURL(/q=zzqx/);
  else await box.press("Enter");
  await expect(page.getByRole("heading", { name: "No Event Found" })).toBeVisible();
  await page.getByRole("link", { name: "Back to Home" }).click();
  await expect(page).toHaveURL(/\/$/);
});

test("a picked card opens its detail over the list on a phone, with a close button", async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto("/event/search");
  const detail = page.getByTestId("event-detail");
  await expect(detail).toBeHidden();
  const second = cards(page).nth(1);
  const name = (await second.getByRole("heading").textContent())!;
  await second.click();
  await expect(page).toHaveURL(/selected=\d{5}/);
  await expect(detail).toBeVisible();
  await expect(detail.getByRole("heading", { level: 2 }).first()).toHaveText(name);
  await detail.getByRole("link", { name: "Close" }).click();
  await expect(page).not.toHaveURL(/selected=/);
  await expect(detail).toBeHidden();
});

test("the event page shows every section, in the server's HTML, with JSON-LD and Open Graph", async ({
  page,
  jsEnabled,
  context,
}) => {
  const n = seeded.showcase.eventNumber;
  const response = await page.goto(`/event/${n}`);
  expect(response!.status()).toBe(200);
  await expect(page).toHaveTitle(`${seeded.showcase.eventName} - Utsav`);
  const view = page.getByTestId("event-view");
  await expect(view.getByRole("heading", { level: 1 })).toHaveText(seeded.showcase.eventName);
  await expect(view.getByText("IIT Kanpur", { exact: true })).toBeVisible();
  await expect(page.getByTestId("event-place")).toHaveText("Kanpur, Uttar Pradesh");
  await expect(
    view.getByRole("img", { name: `${seeded.showcase.eventName} banner` }),
  ).toBeVisible();
  await expect(view.getByRole("img", { name: `${seeded.showcase.eventName} logo` })).toBeVisible();
  await expect(page.getByTestId("deadline")).toContainText(/IST/);
  await expect(page.getByTestId("deadline")).toContainText(/\d+ days? left/);
  await expect(page.getByTestId("team-size")).toContainText("2 – 4 members");
  await expect(page.getByTestId("expired-badge")).toHaveCount(0);
  const chips = view.getByRole("list", { name: "Event details" });
  await expect(chips).toContainText("Offline");
  await expect(chips).toContainText("Hackathon & Coding Challenges");
  await expect(chips).toContainText("Uttar Pradesh");

  const sections = [
    "Registration Deadline",
    "Important Dates",
    "Rounds",
    "About Event",
    "Website",
    "Prizes",
    "Brochure",
    "Contact",
  ];
  const nav = page.getByRole("navigation", { name: "Event sections" });
  await expect(nav.getByRole("link")).toHaveText(sections);
  for (const title of [...sections.slice(0, -1), "Contact Organisers"]) {
    await expect(view.getByRole("heading", { level: 2, name: title, exact: true })).toBeVisible();
  }
  await nav.getByRole("link", { name: "Prizes" }).click();
  await expect(page).toHaveURL(/#prizes$/);

  await expect(page.getByTestId("round").first()).toContainText("Eliminator round");
  await expect(page.getByTestId("round").nth(1)).not.toContainText("Eliminator round");
  await expect(
    page.getByTestId("about").getByRole("heading", { name: `About ${seeded.showcase.eventName}` }),
  ).toBeVisible();
  await expect(page.getByTestId("about").locator("li").first()).toBeVisible();
  const website = view.locator("#website").getByRole("link");
  await expect(website).toHaveAttribute("target", "_blank");
  await expect(website).toHaveAttribute("rel", /noopener/);
  // The showcase registers on Utsav: the website is only 'for more details' (issue 31).
  await expect(view.locator("#website")).toContainText("Visit the website for more details.");
  await expect(view.locator("#website")).not.toContainText("and registration");
  await expect(page.getByTestId("prize").first()).toHaveText(/Winner\s*₹1,00,000/);
  await expect(page.getByTestId("prize").nth(1)).toContainText("First Runner Up");
  const brochure = view.getByRole("link", { name: "Download brochure" });
  await expect(brochure).toHaveAttribute("href", /^\/api\/v1\/files\/[a-f0-9]+\.pdf$/);
  const contact = page.getByTestId("contact").first();
  await expect(contact.locator("[aria-hidden=true]")).toHaveText(/^[A-Z]{2}$/);
  await expect(contact.getByRole("link")).toHaveAttribute("href", /^tel:\+91\d{10}$/);
  await expect(contact.getByRole("link")).toHaveText(/^\+91 \d{5} \d{5}$/);

  // Share: a copy button with JavaScript (no share sheet in desktop Chromium), a plain link without.
  if (jsEnabled) {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.getByRole("button", { name: "Copy link" }).click();
    await expect(page.getByTestId("share")).toHaveText("Copied");
    expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(
      new RegExp(`/event/${n}$`),
    );
    await expect(page.getByTestId("share")).toHaveText("Copy link", { timeout: 4000 });
  } else {
    await expect(page.getByRole("link", { name: "Link to this event" })).toHaveAttribute(
      "href",
      `/event/${n}`,
    );
  }

  // For search engines: all of it is in the server's HTML.
  const html = await (await page.request.get(`/event/${n}`)).text();
  const ld = /<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/.exec(html);
  expect(ld).not.toBeNull();
  const json = JSON.parse(ld![1]!);
  expect(json).toMatchObject({
    "@context": "https://schema.org",
    "@type": "Event",
    name: seeded.showcase.eventName,
    eventAttendanceMode: "https://schema.org/OfflineEventAttendanceMode",
    location: {
      "@type": "Place",
      address: { addressLocality: "Kanpur", addressRegion: "Uttar Pradesh" },
    },
    organizer: { "@type": "Organization", name: "IIT Kanpur" },
  });
  expect(json.startDate).toMatch(/Z$/);
  expect(json.image[0]).toMatch(/^http:\/\/localhost:\d+\/api\/v1\/files\//);
  expect(html).toContain(
    `<meta property="og:title" content="${seeded.showcase.eventName} - Utsav"/>`,
  );
  expect(html).toMatch(
    /<meta property="og:image" content="http:\/\/localhost:\d+\/api\/v1\/files\/[a-f0-9]+\.webp"\/>/,
  );
  expect(html).toMatch(
    new RegExp(`<link rel="canonical" href="http://localhost:\\d+/event/${n}"/>`),
  );
  expect(html).toContain('<meta name="twitter:card" content="summary_large_image"/>');
  expect(html).toContain("Contact Organisers");
});

test("only the creator sees the edit link; drafts are theirs alone", async ({
  page,
  browser,
  baseURL,
  context,
  jsEnabled,
}) => {
  const n = seeded.showcase.eventNumber;
  await page.goto(`/event/${n}`);
  await expect(page.getByTestId("event-view")).toBeVisible();
  await expect(page.getByTestId("edit-event")).toHaveCount(0);

  const other = await browser.newContext({ baseURL, javaScriptEnabled: jsEnabled });
  await loginAs(other, baseURL!);
  const otherPage = await other.newPage();
  await otherPage.goto(`/event/${n}`);
  await expect(otherPage.getByTestId("event-view")).toBeVisible();
  await expect(otherPage.getByTestId("edit-event")).toHaveCount(0);
  const hidden = await otherPage.goto(`/event/${seeded.draft.eventNumber}`);
  expect(hidden!.status()).toBe(404);
  await expect(otherPage.getByRole("heading", { name: "Event not found" })).toBeVisible();
  await other.close();

  await signInAs(context, baseURL!, seeded.creatorId);
  await page.goto(`/event/${n}`);
  await expect(page.getByTestId("edit-event")).toHaveAttribute(
    "href",
    `/event/create/${n}/step3?type=${encodeURIComponent("Hackathon & Coding Challenges")}`,
  );
  const own = await page.goto(`/event/${seeded.draft.eventNumber}`);
  expect(own!.status()).toBe(200);
  await expect(page.getByTestId("event-view")).toContainText("Draft");
});

test("an unknown event is a 404 page; an expired one carries the badge", async ({ page }) => {
  const res = await page.goto("/event/00000");
  expect(res!.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Event not found" })).toBeVisible();

  // Open events come first, expired ones last: read the last page, whatever number of open
  // events the other tests have published by now.
  const first = await page.request.get("/api/v1/event/get-all?limit=50");
  const pages = Math.max(1, Math.ceil(Number(first.headers()["x-total-count"]) / 50));
  const list = (await (
    await page.request.get(`/api/v1/event/get-all?limit=50&page=${pages}`)
  ).json()) as { eventNumber: string; endDate: string }[];
  const expired = list.find((e) => new Date(e.endDate).getTime() < Date.now());
  expect(expired).toBeDefined();
  await page.goto(`/event/${expired!.eventNumber}`);
  await expect(page.getByTestId("expired-badge")).toHaveText("Expired");
  await expect(page.getByTestId("deadline")).toContainText("Expired");
});

test("My Events lists the creator's events with drafts marked, searches by name, and has an empty state", async ({
  page,
  context,
  baseURL,
  browser,
  jsEnabled,
}) => {
  await signInAs(context, baseURL!, seeded.creatorId);
  await page.goto("/my/event/");
  await expect(page.getByRole("heading", { name: "My Events" })).toBeVisible();
  const all = page.getByTestId("event-card");
  await expect(all.first()).toBeVisible();
  expect(await all.count()).toBeGreaterThanOrEqual(37);
  const draftCard = page.locator(`[data-event-number="${seeded.draft.eventNumber}"]`);
  await expect(draftCard).toContainText("Draft");

  const box = page.getByRole("searchbox", { name: "Search my events by name" });
  await box.fill("codestorm");
  await box.press("Enter");
  await expect(page).toHaveURL(/\/my\/event\/?\?q=codestorm/);
  await expect(all).toHaveCount(1);
  await all.first().click();
  await expect(page).toHaveURL(new RegExp(`/event/${seeded.showcase.eventNumber}$`));

  await page.goto("/my/event?q=nothing-like-this");
  await expect(page.getByRole("heading", { name: "No Event Found" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Create Now" })).toHaveAttribute(
    "href",
    "/event/category",
  );

  const fresh = await browser.newContext({ baseURL, javaScriptEnabled: jsEnabled });
  await loginAs(fresh, baseURL!);
  const freshPage = await fresh.newPage();
  await freshPage.goto("/my/event");
  await expect(freshPage.getByRole("heading", { name: "No Event Found" })).toBeVisible();
  await fresh.close();
});

signedInTest(
  "feedback: a message is required, then it is stored with a success message",
  async ({ page, me: user }) => {
    await page.goto("/feedback");
    await expect(page.getByRole("heading", { name: "Feedback" })).toBeVisible();
    await page.getByRole("button", { name: "Send feedback" }).click();
    await expect(page.getByText("Message is required")).toBeVisible();
    await page.getByLabel("Message").fill(`Search works well on my phone, ${user.firstName}`);
    await page.getByLabel("4 stars").check();
    await page.getByRole("button", { name: "Send feedback" }).click();
    await expect(page.getByText("Thank you for your feedback")).toBeVisible();
    const rows = await feedbackOf(user.id);
    expect(rows).toMatchObject([
      { message: `Search works well on my phone, ${user.firstName}`, rating: 4 },
    ]);
  },
);

test("home shows the tiles, Host Now and two rows of events; robots.txt and sitemap.xml", async ({
  page,
}) => {
  await page.goto("/");
  await expect(page).toHaveTitle("Home - Utsav");
  await expect(page.getByRole("link", { name: "Quizzes", exact: true })).toHaveAttribute(
    "href",
    "/event/search?type=Quizzes",
  );
  await expect(page.getByRole("link", { name: "Host Now" }).last()).toHaveAttribute(
    "href",
    "/event/category",
  );
  for (const row of ["closing-soon", "newly-added"]) {
    await expect(page.getByTestId(row).getByTestId("event-card").first()).toBeVisible();
    await expect(page.getByTestId(row).getByText("Expired", { exact: true })).toHaveCount(0);
  }
  await page.getByTestId("closing-soon").getByTestId("event-card").first().click();
  await expect(page).toHaveURL(/\/event\/\d{5}$/);

  const robots = await (await page.request.get("/robots.txt")).text();
  expect(robots).toMatch(/^Sitemap: http:\/\/localhost:\d+\/sitemap\.xml$/m);
  const sitemap = await page.request.get("/sitemap.xml");
  expect(sitemap.headers()["content-type"]).toContain("xml");
  const xml = await sitemap.text();
  expect(xml).toContain(`/event/${seeded.showcase.eventNumber}</loc>`);
  expect(xml).not.toContain(`/event/${seeded.draft.eventNumber}</loc>`);
});
