import fs from "node:fs";
import path from "node:path";
import type { APIRequestContext, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { loginAs } from "./session";

/**
 * Nothing a person typed or picked is lost (issue 11, "Input is never lost"), JavaScript off first.
 */

const fixture = (name: string, mimeType: string) => ({
  name,
  mimeType,
  buffer: fs.readFileSync(path.resolve(`tests/fixtures/${name}`)),
});
const logo = () => fixture("logo.png", "image/png");
const randomNumber = () => String(10000 + Math.floor(Math.random() * 90000));

/** Screenshots at a phone's and a laptop's width, to look at (SHOTS_DIR, when set). */
async function shots(page: Page, name: string) {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  const js = test.info().project.name;
  for (const width of [360, 1366]) {
    await page.setViewportSize({ width, height: 800 });
    await page.screenshot({ path: path.join(dir, `${name}-${js}-${width}.png`), fullPage: true });
  }
}

/** A draft made through the API with the page's own session. */
async function draft(request: APIRequestContext): Promise<string> {
  for (;;) {
    const n = randomNumber();
    const res = await request.post(`/api/v1/event/create/${n}/step1`, {
      multipart: {
        eventType: "Fest",
        eventName: "Spring Fest",
        organisationName: "IIT Delhi",
        modeOfEvent: "Online",
        eventLogo: logo(),
      },
    });
    if (res.status() === 409) continue;
    expect(res.status()).toBe(200);
    return n;
  }
}

test("without JavaScript the About is plain text (Markdown) both ways", async ({
  page,
  context,
  baseURL,
  jsEnabled,
}) => {
  test.skip(jsEnabled, "with JavaScript the Lexical editor edits and sends HTML");
  await loginAs(context, baseURL!);

  // A new event's template shows as Markdown, not as tags.
  await page.goto(`/event/create/${randomNumber()}/step1?type=Fest`);
  const template = page.getByRole("textbox", { name: "About Event" });
  await expect(template).toHaveValue(/\S/);
  await expect(template).not.toHaveValue(/<\/?(p|h\d|ul|li|strong)\b/);

  const n = await draft(page.request);
  await page.goto(`/event/create/${n}/step3?type=Fest&section=about`);
  const about = page.getByRole("textbox", { name: "About Event" });
  const markdown = [
    "### Schedule",
    "",
    "Bring **laptops** and *ideas*.",
    "",
    "- Talks",
    "- Workshops",
    "",
    "[Rules](https://example.org/rules)",
  ].join("\n");
  await about.fill(markdown);
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByTestId("toast")).toContainText("Saved Successfully");

  const saved = await page.request.get(`/api/v1/event/details/${n}`);
  const html = ((await saved.json()) as { aboutEvent: string }).aboutEvent;
  expect(html).toContain("<h3>Schedule</h3>");
  expect(html).toContain("<strong>laptops</strong>");
  expect(html).toContain("<em>ideas</em>");
  expect(html).toContain("<li>Talks</li>");
  expect(html).toContain('<a href="https://example.org/rules"');

  // Back in the panel: the same plain text, ready to edit again.
  await page.goto(`/event/create/${n}/step3?type=Fest&section=about`);
  await expect(page.getByRole("textbox", { name: "About Event" })).toHaveValue(markdown);
  await shots(page, "markdown-about");
});

test("a file over 10 MB brings the form back with what was typed and the size message", async ({
  page,
  context,
  baseURL,
}) => {
  await loginAs(context, baseURL!);
  await page.goto(`/event/create/${randomNumber()}/step1?type=Fest`);
  await page.getByLabel("Event Name").fill("Monsoon Hack");
  await page.getByRole("radio", { name: "Online" }).check();
  const big = Buffer.alloc(11 * 1024 * 1024);
  logo().buffer.copy(big);
  await page.getByLabel("Event Logo").setInputFiles({
    name: "huge.png",
    mimeType: "image/png",
    buffer: big,
  });
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByText("File size should not exceed 10MB", { exact: true })).toBeVisible();
  await expect(page.getByLabel("Event Name")).toHaveValue("Monsoon Hack");
  await expect(page.getByRole("radio", { name: "Online" })).toBeChecked();
  await shots(page, "too-large");
});
