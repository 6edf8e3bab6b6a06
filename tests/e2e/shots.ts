import type { Page } from "@playwright/test";

/** With SHOTS=dir, full-page screenshots at 360 and 1366 px wide, named by JavaScript on or off. */
export async function shot(page: Page, name: string, jsEnabled: boolean) {
  if (!process.env.SHOTS) return;
  const size = page.viewportSize();
  for (const width of [360, 1366]) {
    await page.setViewportSize({ width, height: 800 });
    await page.screenshot({
      path: `${process.env.SHOTS}/${name}-${width}-${jsEnabled ? "js" : "nojs"}.png`,
      fullPage: true,
    });
  }
  if (size) await page.setViewportSize(size);
}
