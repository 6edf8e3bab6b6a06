import { expect, test, signedInTest } from "./fixtures";
import { createDraft, randomEventNumber, testFile } from "./steps";
import { shot } from "./shots";

/**
 * Nothing a person typed or picked is lost (issue 11, "Input is never lost"), JavaScript off first.
 */

signedInTest(
  "without JavaScript the About is plain text (Markdown) both ways",
  async ({ page, jsEnabled }) => {
    test.skip(jsEnabled, "with JavaScript the Lexical editor edits and sends HTML");

    // A new event's template shows as Markdown, not as tags.
    await page.goto(`/event/create/${randomEventNumber()}/step1?type=Fest`);
    const template = page.getByRole("textbox", { name: "About Event" });
    await expect(template).toHaveValue(/\S/);
    await expect(template).not.toHaveValue(/<\/?(p|h\d|ul|li|strong)\b/);

    const n = await createDraft(page.request);
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
    await page.getByRole("button", { name: "Save", exact: true }).click();
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
    await shot(page, "markdown-about", jsEnabled);
  },
);

signedInTest(
  "a file over 10 MB brings the form back with what was typed and the size message",
  async ({ page, jsEnabled }) => {
    await page.goto(`/event/create/${randomEventNumber()}/step1?type=Fest`);
    await page.getByLabel("Event Name").fill("Monsoon Hack");
    await page.getByRole("radio", { name: "Online" }).check();
    const big = Buffer.alloc(11 * 1024 * 1024);
    testFile("logo.png").buffer.copy(big);
    await page.getByLabel("Event Logo").setInputFiles({
      name: "huge.png",
      mimeType: "image/png",
      buffer: big,
    });
    await page.getByRole("button", { name: "Next" }).click();
    await expect(page.getByText("File size should not exceed 10MB", { exact: true })).toBeVisible();
    await expect(page.getByLabel("Event Name")).toHaveValue("Monsoon Hack");
    await expect(page.getByRole("radio", { name: "Online" })).toBeChecked();
    await shot(page, "too-large", jsEnabled);
  },
);
