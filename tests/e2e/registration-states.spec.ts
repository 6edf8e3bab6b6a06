import type { BrowserContext } from "@playwright/test";
import { expect, test } from "./fixtures";
import { seedRegistrationEvent, teamEvent } from "./registration-seed";
import { loginAs } from "./session";

/**
 * Every state of the event page's registration block (SPEC-2 §1), signed in and out, at phone and
 * desktop widths: the state, its words, its buttons, and the phone's bottom bar. With SHOTS=dir
 * set, each state is also saved as a screenshot to look at.
 */
const DAY = 86_400_000;
const at = (days: number) => new Date(Date.now() + days * DAY).toISOString();
const DETAILS = { phone: "9876543210", collegeName: "IIT Delhi", course: "B.Tech" };

async function register(context: BrowserContext, n: string, body: Record<string, string> = {}) {
  const res = await context.request.post(`/api/v1/event/${n}/register`, {
    data: { ...DETAILS, ...body },
  });
  expect(res.status()).toBe(201);
  return res.json();
}

type Case = {
  name: string;
  event: Record<string, string | number | null>;
  signedIn: boolean;
  state: string;
  text: string | RegExp;
  /** The bar's button on phones, if any. */
  bar: string | null;
  setup?: (context: BrowserContext, baseURL: string, n: string) => Promise<void>;
};

const CASES: Case[] = [
  {
    name: "open-signed-out",
    event: {},
    signedIn: false,
    state: "open",
    text: "Registration is open",
    bar: "Register",
  },
  {
    name: "open-team",
    event: teamEvent,
    signedIn: true,
    state: "open",
    text: "Registration is open",
    bar: "Create a team",
  },
  {
    name: "not-open-yet",
    event: { startDate: at(2) },
    signedIn: true,
    state: "not-open-yet",
    text: /Registration opens on \d+ \w+ \d{4}, .+ IST/,
    bar: null,
  },
  {
    name: "closed",
    event: { startDate: at(-5), endDate: at(-1) },
    signedIn: true,
    state: "closed",
    text: "Registration closed",
    bar: null,
  },
  {
    name: "full",
    event: { capacity: 1, registrationCount: 1 },
    signedIn: true,
    state: "full",
    text: "Registration is full",
    bar: null,
  },
  {
    name: "full-team",
    event: { ...teamEvent, capacity: 1, registrationCount: 1 },
    signedIn: false,
    state: "full",
    text: "Registration is full",
    bar: "Join a team",
  },
  {
    name: "website",
    event: { registrationMode: "website", eventWebsite: "https://fest.example.com" },
    signedIn: false,
    state: "website",
    text: "Registration happens on the organiser's website",
    bar: "Register on website",
  },
  {
    name: "registered-individual",
    event: {},
    signedIn: true,
    state: "registered",
    text: "You're registered",
    bar: null,
    setup: async (context, _b, n) => {
      await register(context, n);
    },
  },
  {
    name: "team-leader-incomplete",
    event: teamEvent,
    signedIn: true,
    state: "registered",
    text: "Needs 1 more",
    bar: null,
    setup: async (context, _b, n) => {
      await register(context, n, { teamName: "Night Owls" });
    },
  },
  {
    name: "team-member-complete",
    event: teamEvent,
    signedIn: true,
    state: "registered",
    text: "Team complete",
    bar: null,
    setup: async (context, baseURL, n) => {
      const other = await context.browser()!.newContext({ baseURL });
      await loginAs(other, baseURL, { firstName: "Leena" });
      const team = await register(other, n, { teamName: "Byte Club" });
      await other.close();
      const res = await context.request.post(`/api/v1/event/${n}/team/join`, {
        data: { ...DETAILS, code: team.team.code },
      });
      expect(res.status()).toBe(200);
    },
  },
];

for (const width of [360, 1366]) {
  test.describe(`registration block at ${width} px`, () => {
    test.use({ viewport: { width, height: width === 360 ? 740 : 900 } });
    for (const c of CASES) {
      test(c.name, async ({ page, context, baseURL, jsEnabled }) => {
        const { eventNumber: n } = seedRegistrationEvent(c.event);
        if (c.signedIn) await loginAs(context, baseURL!, { firstName: "Asha" });
        await c.setup?.(context, baseURL!, n);
        await page.goto(`/event/${n}`);
        const block = page.getByTestId("registration-block");
        await expect(block).toHaveAttribute("data-state", c.state);
        await expect(block).toContainText(c.text);
        const bar = page.getByTestId("mobile-cta");
        if (c.bar && width === 360) {
          await expect(bar).toBeVisible();
          await expect(bar.getByRole("link", { name: c.bar })).toBeVisible();
          // Stays on screen while the page scrolls.
          await page.mouse.wheel(0, 600);
          await expect(bar).toBeInViewport();
        } else {
          await expect(bar).toBeHidden();
        }
        if (c.state === "registered" && c.event.participationType === "team")
          await expect(block.getByTestId("team-code")).toHaveText(/^[A-HJ-NP-Z2-9]{6}$/);
        if (process.env.SHOTS) {
          await block.scrollIntoViewIfNeeded();
          await page.screenshot({
            path: `${process.env.SHOTS}/${c.name}-${width}-${jsEnabled ? "js" : "nojs"}.png`,
          });
        }
      });
    }
  });
}
