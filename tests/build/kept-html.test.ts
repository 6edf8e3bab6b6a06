import path from "node:path";
import { pathToFileURL } from "node:url";
import { type AppLoadContext, createRequestHandler } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createSharedAnswers } from "#app/utils/api-shared.server";
import { createKeptHtmlStore } from "#app/utils/kept-html.server";
import { resolveBuildDir } from "../../scripts/lib/build-dir.mjs";
import { createTestApi, type TestApi } from "#tests/helpers/api";
import { insertEvent } from "#tests/helpers/events";
import { type JudgingEvent, judgingEvent } from "#tests/helpers/judging";
import { createUserWithSession } from "#tests/helpers/users";

/**
 * Kept HTML (app/utils/kept-html.tsx, issue 30): the built server keeps each event card's HTML
 * for its props, and an event's view (its page, search's preview) for the page's data. Every page
 * must be byte for byte the page rendered without it, for every viewer and address, whatever was
 * kept before: the same list for someone who saved other events, another picked card, another
 * page of results, the same event for its owner, a judge, a registrant or a stranger.
 */
const NOW = new Date("2026-11-27T06:30:00.000Z");
const DAY = 86_400_000;
let t: TestApi;
let handle: (request: Request, context: AppLoadContext) => Promise<Response>;
type Viewer = Awaited<ReturnType<typeof createUserWithSession>>;
let organiser: Viewer;
let saver: Viewer;
let other: Viewer;
let numbers: string[];
let judged: JudgingEvent;

beforeAll(async () => {
  // The loaders read the time with `new Date()`: one fixed moment, so two renders can be compared.
  vi.useFakeTimers({ toFake: ["Date"], now: NOW });
  t = await createTestApi("sqlite", { now: NOW.toISOString() });
  organiser = await createUserWithSession(t.deps);
  numbers = [];
  for (let i = 0; i < 24; i++) {
    const event = await insertEvent(t.deps, organiser.user.id, {
      eventNumber: String(41000 + i),
      eventName: `Kept card ${i}`,
      eventType: ["Quizzes", "Fest", "Hackathon & Coding Challenges"][i % 3],
      modeOfEvent: i % 2 ? "Online" : "Offline",
      endDate: new Date(NOW.getTime() + (i % 4 === 0 ? 2 * 3_600_000 : (i + 1) * DAY)).toISOString(),
    });
    numbers.push(event.eventNumber);
  }
  saver = await createUserWithSession(t.deps, { firstName: "Sana" });
  other = await createUserWithSession(t.deps, { firstName: "Omar" });
  for (const n of [numbers[0], numbers[5], numbers[21]]) {
    const res = await t.request(`/event/${n}/save`, { method: "POST", cookie: saver.cookie });
    expect(res.status).toBeLessThan(300);
  }
  // An event with a team (owner, admin, judges, a volunteer), registrants who submitted, a closed
  // submission round, an update, and a stranger who saved it.
  judged = await judgingEvent(t, { submissions: 2, judges: 1 });
  const update = await t.request(`/event/${judged.n}/announcements`, {
    method: "POST",
    json: { title: "Venue moved", message: "We are in hall B now." },
    cookie: judged.owner.cookie,
  });
  expect(update.status).toBe(201);
  expect(
    (await t.request(`/event/${judged.n}/save`, { method: "POST", cookie: other.cookie })).status,
  ).toBeLessThan(300);
  // React's production build, as the server runs it (it is picked when first imported).
  process.env.NODE_ENV = "production";
  const build = await import(pathToFileURL(path.join(resolveBuildDir(), "server/index.js")).href);
  handle = createRequestHandler(build, "production");
});

afterAll(async () => {
  vi.useRealTimers();
  await t?.close();
});

async function page(
  url: string,
  cookie: string,
  keptHtml?: ReturnType<typeof createKeptHtmlStore>,
  sharedAnswers = createSharedAnswers(),
) {
  const context = {
    api: t.api,
    cspNonce: "test-nonce",
    clientIp: "203.0.113.7",
    // As served: the page's clock is floored to this window (pageNow), so views can be kept.
    config: { appUrl: "http://localhost:3000", googleEnabled: false, pageCacheSeconds: 5 },
    sharedAnswers,
    keptHtml,
    sessionReads: new Map(),
  } as AppLoadContext;
  const res = await handle(
    new Request(`http://localhost:3000${url}`, { headers: { cookie, "user-agent": "Mozilla/5.0" } }),
    context,
  );
  expect(res.status, url).toBe(200);
  return res.text();
}

describe("kept event cards", () => {
  it("leave every page exactly as rendered without them", async () => {
    const keptHtml = createKeptHtmlStore();
    const gets = vi.spyOn(keptHtml, "get");
    const visits: [string, Viewer][] = [];
    for (const url of [
      "/",
      "/event/search",
      `/event/search?selected=${numbers[5]}`,
      `/event/search?selected=${numbers[6]}`,
      "/event/search?page=2",
      "/event/search?q=Kept",
      "/event/search?type=Fest",
      "/my/saved",
      "/my/event",
    ])
      for (const viewer of [saver, other, organiser, saver]) visits.push([url, viewer]);
    // As a server keeps them: the API's shared answers too, whose frozen objects keys are made of.
    const sharedAnswers = createSharedAnswers();
    for (const [url, viewer] of visits) {
      const kept = await page(url, viewer.cookie, keptHtml, sharedAnswers);
      const fresh = await page(url, viewer.cookie);
      expect(kept, `${url} for ${(viewer === saver && "the saver") || (viewer === other && "the other") || "the organiser"}`).toBe(fresh);
    }
    // The cards were kept and found again: the last visit of each page had them all.
    const found = gets.mock.results.filter((r) => r.value !== undefined).length;
    expect(found).toBeGreaterThan(gets.mock.results.length / 2);
  });

  it("show each viewer their own Save state from the same kept list", async () => {
    const keptHtml = createKeptHtmlStore();
    await page("/", other.cookie, keptHtml);
    const html = await page("/", saver.cookie, keptHtml);
    const pressed = [...html.matchAll(/id="save-(\d+)"[^]*?aria-pressed="(true|false)"/g)];
    expect(pressed.length).toBeGreaterThan(0);
    expect(pressed.filter(([, , p]) => p === "true").map(([, n]) => n)).toEqual(
      pressed.map(([, n]) => n).filter((n) => [numbers[0], numbers[5], numbers[21]].includes(n)),
    );
  });

  it("leave every event page and search preview exactly as rendered without them", async () => {
    const keptHtml = createKeptHtmlStore();
    const gets = vi.spyOn(keptHtml, "get");
    const viewers: [string, Viewer][] = [
      ["the owner", judged.owner],
      ["an admin", judged.admin],
      ["a judge", judged.judges[0]],
      ["the volunteer", judged.volunteer],
      ["a registrant", judged.entrants[0]],
      ["another registrant", judged.entrants[1]],
      ["someone who saved it", other],
      ["a stranger", saver],
    ];
    const urls = [
      `/event/${judged.n}`,
      `/event/search?selected=${judged.n}`,
      `/event/${numbers[5]}`,
      `/event/search?selected=${numbers[5]}`,
    ];
    // Twice round: the second time every view is there to be found, made for someone else first.
    const sharedAnswers = createSharedAnswers();
    for (const round of [1, 2])
      for (const url of urls)
        for (const [who, viewer] of round === 1 ? viewers : [...viewers].reverse()) {
          const kept = await page(url, viewer.cookie, keptHtml, sharedAnswers);
          const fresh = await page(url, viewer.cookie);
          expect(kept, `${url} for ${who}, round ${round}`).toBe(fresh);
        }
    // Later, by the page's clock: what the views say of the time (time left, rounds under way)
    // is theirs, not what was kept hours before.
    try {
      for (const hours of [2, 30]) {
        vi.setSystemTime(NOW.getTime() + hours * 3_600_000);
        for (const url of urls) {
          const kept = await page(url, saver.cookie, keptHtml, sharedAnswers);
          expect(kept, `${url} ${hours} hours later`).toBe(await page(url, saver.cookie));
        }
      }
    } finally {
      vi.setSystemTime(NOW);
    }
    // Views were found again, not only made (a view's key holds the whole event, rounds and all;
    // a card's does not).
    const found = gets.mock.calls.filter(
      ([key], i) => key.includes('"rounds":') && gets.mock.results[i].value !== undefined,
    );
    expect(found.length).toBeGreaterThan(0);
  });

  it("show the owner and an admin their edit link, a judge and a stranger none, from one kept store", async () => {
    const keptHtml = createKeptHtmlStore();
    const edit = /data-testid="edit-event"/;
    for (const url of [`/event/${judged.n}`, `/event/search?selected=${judged.n}`]) {
      expect(await page(url, saver.cookie, keptHtml), url).not.toMatch(edit);
      expect(await page(url, judged.owner.cookie, keptHtml), url).toMatch(edit);
      expect(await page(url, judged.judges[0].cookie, keptHtml), url).not.toMatch(edit);
      expect(await page(url, judged.admin.cookie, keptHtml), url).toMatch(edit);
      expect(await page(url, saver.cookie, keptHtml), url).not.toMatch(edit);
    }
  });
});
