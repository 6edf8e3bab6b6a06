import path from "node:path";
import type { Page } from "@playwright/test";

/** With SHOTS=dir set, saves the page at 360 and 1366 px to look at; else does nothing. */
export async function shoot(page: Page, name: string, js: boolean) {
  if (!process.env.SHOTS) return;
  const size = page.viewportSize();
  for (const width of [360, 1366]) {
    await page.setViewportSize({ width, height: width === 360 ? 740 : 900 });
    await page.screenshot({
      path: path.join(process.env.SHOTS, `${name}-${width}-${js ? "js" : "nojs"}.png`),
      fullPage: true,
    });
  }
  if (size) await page.setViewportSize(size);
}
