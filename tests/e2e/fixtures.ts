import fs from "node:fs/promises";
import path from "node:path";
import { test as base, type BrowserContext, expect, type Page } from "@playwright/test";
import { loginAs, signInAs } from "./session";

/** Someone else, signed in in a browser context of their own (JavaScript as the project has it). */
export interface Person {
  context: BrowserContext;
  page: Page;
  user: Awaited<ReturnType<typeof loginAs>>;
  close(): Promise<void>;
}

/** The mail the server wrote to disk (no SMTP in tests), read as a person reads their inbox. */
export interface Mailbox {
  /** Waits for the newest mail to `to` whose subject matches, and answers its text and links. */
  latest(to: string, subject?: RegExp): Promise<{ subject: string; text: string; links: string[] }>;
}

function decodeQuotedPrintable(s: string): string {
  return s
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_m, h) => String.fromCharCode(parseInt(h, 16)));
}

async function readMails(dir: string) {
  let files: string[] = [];
  try {
    files = (await fs.readdir(dir)).filter((f) => f.endsWith(".eml")).sort();
  } catch {
    return [];
  }
  return Promise.all(
    files.map(async (f) => {
      const raw = await fs.readFile(path.join(dir, f), "utf8");
      const headerEnd = raw.indexOf("\n\n");
      const head = raw.slice(0, headerEnd);
      const to = /^To: (.*)$/im.exec(head)?.[1] ?? "";
      const subject = /^Subject: (.*)$/im.exec(head)?.[1] ?? "";
      const body = decodeQuotedPrintable(raw.slice(headerEnd + 2));
      return { file: f, to, subject, text: body };
    }),
  );
}

export const test = base.extend<{
  mailbox: Mailbox;
  jsEnabled: boolean;
  organiser: Awaited<ReturnType<typeof loginAs>>;
  switchUser: (userId: string) => Promise<void>;
  person: (firstName: string) => Promise<Person>;
}>({
  jsEnabled: async ({ javaScriptEnabled }, use) => {
    await use(javaScriptEnabled !== false);
  },
  /** The browser context signed in as Orla, a fresh user, when a test asks for her. */
  organiser: async ({ context, baseURL }, use) => {
    await use(await loginAs(context, baseURL!, { firstName: "Orla" }));
  },
  /** Another person, a fresh user named `firstName`; their context is closed after the test. */
  person: async ({ browser, baseURL, javaScriptEnabled }, use) => {
    const contexts: BrowserContext[] = [];
    await use(async (firstName) => {
      const context = await browser.newContext({ baseURL, javaScriptEnabled });
      contexts.push(context);
      const user = await loginAs(context, baseURL!, { firstName });
      return { context, page: await context.newPage(), user, close: () => context.close() };
    });
    for (const context of contexts) await context.close();
  },
  /** Signs the browser context out and in again as the user `userId`. */
  switchUser: async ({ context, baseURL }, use) => {
    await use(async (userId) => {
      await context.clearCookies();
      await signInAs(context, baseURL!, userId);
    });
  },
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixture's dependencies from this pattern
  mailbox: async ({}, use) => {
    const dir = path.join(process.env.E2E_DATA_DIR!, "mail");
    await use({
      async latest(to, subject) {
        const deadline = Date.now() + 10_000;
        for (;;) {
          const mails = (await readMails(dir)).filter(
            (m) =>
              m.to.toLowerCase().includes(to.toLowerCase()) &&
              (!subject || subject.test(m.subject)),
          );
          const mail = mails.at(-1);
          if (mail) {
            const links = [...new Set(mail.text.match(/https?:\/\/[^\s<>"]+/g) ?? [])];
            return { subject: mail.subject, text: mail.text, links };
          }
          if (Date.now() > deadline)
            throw new Error(`No mail to ${to} matching ${subject ?? "any subject"}`);
          await new Promise((r) => setTimeout(r, 200));
        }
      },
    });
  },
});

export { expect };

/**
 * `test`, with the browser context signed in as a fresh verified user before the test starts (the
 * step most specs begin with); `me` is that user.
 */
export const signedInTest = test.extend<{ me: Awaited<ReturnType<typeof loginAs>> }>({
  me: [
    async ({ context, baseURL }, use) => {
      await use(await loginAs(context, baseURL!));
    },
    { auto: true },
  ],
});

/** A unique e-mail address per test run. */
export function uniqueEmail(tag: string): string {
  return `${tag}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;
}

/** Opens the slide-in menu (a <details> element: works with and without JavaScript). */
export async function openMenu(page: Page) {
  await page.getByLabel("Menu", { exact: true }).click();
  await expect(page.getByRole("navigation", { name: "Main menu" })).toBeVisible();
}

/**
 * With JavaScript, waits until React has hydrated the page (root.tsx marks <html>): a change made
 * to a control before then runs no handler. Without JavaScript there is nothing to wait for.
 */
export async function hydrated(page: Page, jsEnabled: boolean) {
  if (jsEnabled) await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
}
