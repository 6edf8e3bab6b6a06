import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { expect, test, signedInTest } from "./fixtures";
import { banner, createDraft, expectBannerThatCloses, randomEventNumber, testFile } from "./steps";

/**
 * Creation flows that used to strand organisers (issue 11): refusals as the red banner, hidden
 * team sizes that blocked step 2, publishing a template or a closed registration, step-3 layout
 * at 360 and 1366 px, and an edited About that a new event type overwrote.
 */

/** A draft with an About of its own (`ready`: every step filled but About). */
const draft = (request: APIRequestContext, options: Parameters<typeof createDraft>[1] = {}) =>
  createDraft(request, { about: "<p>A fest.</p>", ...options });

signedInTest(
  "flows (a): publish without a banner and a PNG brochure show the red banner",
  async ({ page }) => {
    const n = await draft(page.request);
    await page.goto(`/event/create/${n}/step3?type=Fest`);
    await page.getByRole("button", { name: "Publish" }).click();
    await expectBannerThatCloses(page, /Please complete these before publishing.*Event Banner/);

    await page.goto(`/event/create/${n}/step3?type=Fest&section=dates`);
    await page.getByLabel("Brochure (PDF or spreadsheet)").setInputFiles(testFile("logo.png"));
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expectBannerThatCloses(page, /PDF or a spreadsheet/);
  },
);

signedInTest(
  "flows (f): team sizes left behind after switching to Individual do not block step 2",
  async ({ page }) => {
    const n = await draft(page.request);
    await page.goto(`/event/create/${n}/step2?type=Fest`);
    await page.getByRole("radio", { name: "Team", exact: true }).check();
    await page.getByLabel("Minimum team size").fill("0");
    await page.getByLabel("Maximum team size").fill("1");
    // While Team is picked, the sizes are checked where they can be seen.
    await page.getByTestId("contact-row").getByLabel("Name").fill("Asha Verma");
    await page.getByTestId("contact-row").getByLabel("Phone Number").fill("9876543210");
    await page.getByRole("button", { name: "Next" }).click();
    await expect(page.getByText("Minimum 1 team member")).toBeVisible();
    await expect(page.getByText("Minimum 2 team member")).toBeVisible();

    await page.getByRole("radio", { name: "Individual", exact: true }).check();
    await page.getByRole("button", { name: "Next" }).click();
    await expect(banner(page).filter({ hasText: "Step II completed successfully" })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/event/create/${n}/step3`), { timeout: 8000 });
  },
);

signedInTest(
  "flows (g): publishing refuses the template's placeholders and a closed registration, naming the panel",
  async ({ page }) => {
    const template = await (
      await page.request.get(
        `/api/v1/event/content?type=${encodeURIComponent("Webinars & Workshops")}`,
      )
    ).json();
    const n = await draft(page.request, {
      type: "Webinars & Workshops",
      about: template.aboutEvent,
      ready: true,
    });
    await page.goto(`/event/create/${n}/step3`);
    await page.getByRole("button", { name: "Publish" }).click();
    // One look, while the banner lasts.
    await expect(
      banner(page).filter({ hasText: /\[Topic 1\].*\[software\].*About Event panel/ }),
    ).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/event/create/${n}/step3`));

    const closed = await draft(page.request, { ready: true, endDate: "2025-06-01T10:00" });
    await page.goto(`/event/create/${closed}/step3?type=Fest`);
    await page.getByRole("button", { name: "Publish" }).click();
    await expect(
      banner(page).filter({
        hasText: /registration end date has already passed.*Basic Details & Registration panel/,
      }),
    ).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/event/create/${closed}/step3`));
  },
);

/** The words of `el`'s text that are broken across lines in the middle. */
async function wordsBrokenIn(el: Locator): Promise<string[]> {
  return el.evaluate((node) => {
    const broken: string[] = [];
    const walker = document.createTreeWalker(node, NodeFilter.SHOW_TEXT);
    for (let t = walker.nextNode(); t; t = walker.nextNode()) {
      const text = t as Text;
      // A hyphen is a fair place to wrap ("Inter-" / "University"); inside a word is not.
      for (const m of text.data.matchAll(/[^\s-]+-?/g)) {
        const r = document.createRange();
        r.setStart(text, m.index!);
        r.setEnd(text, m.index! + m[0].length);
        const tops = new Set([...r.getClientRects()].map((c) => Math.round(c.top)));
        if (tops.size > 1) broken.push(m[0]);
      }
    }
    return broken;
  });
}

/** Date inputs narrower than their own text are cut off. */
async function cutOffInputs(page: Page): Promise<string[]> {
  return page.locator("input[type=datetime-local]").evaluateAll((inputs) =>
    inputs
      .filter((el) => (el as HTMLElement).offsetParent)
      .filter((el) => {
        const copy = el.cloneNode() as HTMLInputElement;
        copy.style.cssText =
          "position:absolute;visibility:hidden;width:auto;min-width:0;max-width:none";
        document.body.append(copy);
        const natural = copy.getBoundingClientRect().width;
        copy.remove();
        return el.getBoundingClientRect().width < natural - 1;
      })
      .map((el) => el.getAttribute("name") ?? "?"),
  );
}

signedInTest(
  "flows (h): the step-3 preview keeps words whole; date inputs are not cut off",
  async ({ page }) => {
    test.setTimeout(90_000);
    const n = await draft(page.request, { ready: true });
    await page.request.post(`/api/v1/event/create/${n}/step3/basicdetails`, {
      multipart: {
        eventType: "Fest",
        eventName: "Rendezvous Inter-University Extravaganza",
        organisationName: "IIT Delhi",
        modeOfEvent: "Online",
        participationType: "individual",
        startDate: "2025-01-01T10:00",
        endDate: "2099-01-01T10:00",
      },
    });
    for (const size of [
      { width: 360, height: 740 },
      { width: 1366, height: 800 },
    ]) {
      await page.setViewportSize(size);
      await page.goto(
        `/event/create/${n}/step3?type=Fest${size.width < 700 ? "&view=preview" : ""}`,
      );
      const title = page.getByTestId("event-view").getByRole("heading").first();
      await expect(title).toContainText("Extravaganza");
      expect(await wordsBrokenIn(title), `${size.width} px`).toEqual([]);
      // …and it stays inside its card.
      const overflow = await title.evaluate((el) => {
        const card = el.closest("header")!.getBoundingClientRect();
        return (
          el.scrollWidth -
          el.clientWidth +
          Math.max(0, el.getBoundingClientRect().right - card.right)
        );
      });
      expect(overflow, `${size.width} px`).toBeLessThanOrEqual(0);
      for (const section of ["basic", "dates", "rounds"]) {
        await page.goto(`/event/create/${n}/step3?type=Fest&section=${section}`);
        if (section !== "basic")
          await page
            .getByRole("button", { name: section === "dates" ? "Add date" : "Add round" })
            .click();
        await expect(page.locator("input[type=datetime-local]").first()).toBeVisible();
        expect(await cutOffInputs(page), `${section} at ${size.width} px`).toEqual([]);
      }
    }
  },
);

signedInTest(
  "flows (i): a new event type replaces the About only while it is empty or the untouched default",
  async ({ page, jsEnabled }) => {
    await page.goto(`/event/create/${randomEventNumber()}/step1?type=Quizzes`);
    const about = jsEnabled
      ? page.getByTestId("about-editor")
      : page.getByRole("textbox", { name: "About Event" });
    const changeType = async (type: string) => {
      await page.getByLabel("Event Type").selectOption(type);
      if (!jsEnabled) await page.getByRole("button", { name: "Load About for this type" }).click();
    };
    const expectAbout = async (text: string) => {
      if (jsEnabled) await expect(about).toContainText(text);
      else await expect(about).toHaveValue(new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")));
    };
    const read = async () => (jsEnabled ? ((await about.textContent()) ?? "") : about.inputValue());

    // Untouched default: the new type's default replaces it.
    await expectAbout("Test your knowledge");
    await changeType("Fest");
    await expectAbout("Our annual fest");

    // Edited (pasted, as organisers bring their text from elsewhere): kept.
    if (jsEnabled) {
      await about.click();
      await page.keyboard.press("Control+End");
      await about.evaluate((el) => {
        const data = new DataTransfer();
        data.setData("text/plain", "Bring your friends.");
        el.dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true }));
      });
    } else {
      await about.fill(`${await about.inputValue()}\nBring your friends.`);
    }
    await expectAbout("Bring your friends.");
    await changeType("Quizzes");
    await expect(page.getByLabel("Event Type")).toHaveValue("Quizzes");
    // Give a replacement the time to arrive, then check it did not.
    await page.waitForLoadState("networkidle");
    expect(await read()).toContain("Bring your friends.");
    expect(await read()).toContain("Our annual fest");

    // Emptied: the new type's default fills it again.
    if (jsEnabled) {
      await about.click();
      await page.keyboard.press("Control+A");
      await page.keyboard.press("Delete");
    } else {
      await about.fill("");
    }
    await changeType("Cultural Event");
    await expectAbout("Celebrate music, dance");
  },
);
