import { mkdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { CHROMIUM_FLAGS } from "./chromium-flags.mjs";

/**
 * `npm run bench -- --lighthouse`: Lighthouse (the npm package) in its default configuration,
 * which is the mobile one (a Moto G Power-sized screen, 4× CPU slowdown, simulated slow 4G with
 * lantern), over the pages a student opens, with the machine's Chromium. Anonymous pages are
 * loaded as a first visitor sees them (no cookie: the page cache may answer); the signed-in ones
 * send the bench user's session cookie (`extraHeaders`). Prints the four category scores and
 * FCP/LCP/TBT/CLS per page, and the audits that cost points.
 */
export interface LighthousePage {
  name: string;
  path: string;
  signedIn?: boolean;
}

export function lighthousePages(eventNumber: string, draftNumber: string): LighthousePage[] {
  const step = (n: number) => `/event/create/${draftNumber}/step${n}`;
  return [
    { name: "home", path: "/" },
    { name: "search", path: "/event/search" },
    { name: "event", path: `/event/${eventNumber}` },
    { name: "login", path: "/login" },
    { name: "signup", path: "/signup" },
    { name: "category", path: "/event/category" },
    { name: "profile", path: "/profile", signedIn: true },
    { name: "step 1", path: step(1), signedIn: true },
    { name: "step 2", path: step(2), signedIn: true },
    { name: "step 3", path: step(3), signedIn: true },
  ];
}

/** As playwright.config.ts launches it, headless. */
const CHROME_FLAGS = ["--headless", ...CHROMIUM_FLAGS];

const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
const METRICS = [
  ["FCP", "first-contentful-paint"],
  ["LCP", "largest-contentful-paint"],
  ["TBT", "total-blocking-time"],
  ["CLS", "cumulative-layout-shift"],
] as const;

export async function lighthouseRun(options: {
  base: string;
  cookie: string;
  pages: LighthousePage[];
  log: (line: string) => void;
}): Promise<string[]> {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    chromeFlags: CHROME_FLAGS,
  });
  const rows: string[] = [];
  const findings: string[] = [];
  const loads: string[] = [];
  let version = "";
  try {
    for (const page of options.pages) {
      options.log(`== lighthouse ${page.name} ${page.path}`);
      loads.push(os.loadavg()[0].toFixed(1));
      const result = await lighthouse(`${options.base}${page.path}`, {
        port: chrome.port,
        output: "json",
        logLevel: "error",
        extraHeaders: page.signedIn ? { Cookie: options.cookie } : undefined,
      });
      if (!result) throw new Error(`Lighthouse gave no result for ${page.path}`);
      const { lhr } = result;
      version = lhr.lighthouseVersion;
      // LIGHTHOUSE_OUT=dir keeps each page's whole report (JSON) for a closer look.
      const out = process.env.LIGHTHOUSE_OUT;
      if (out) {
        mkdirSync(out, { recursive: true });
        writeFileSync(
          path.join(out, `${page.name.replace(/\W+/g, "-")}.json`),
          result.report as string,
        );
      }
      if (lhr.runtimeError) throw new Error(`${page.path}: ${lhr.runtimeError.message}`);
      const scores = CATEGORIES.map((c) => Math.round((lhr.categories[c]?.score ?? 0) * 100));
      const metrics = METRICS.map(([, id]) => lhr.audits[id]?.numericValue ?? Number.NaN);
      rows.push(
        `| ${page.name} | ${scores.join(" | ")} | ${(metrics[0] / 1000).toFixed(2)} | ${(metrics[1] / 1000).toFixed(2)} | ${metrics[2].toFixed(0)} | ${metrics[3].toFixed(3)} |`,
      );
      // What cost points: every audit of a category that did not pass.
      for (const c of CATEGORIES) {
        for (const ref of lhr.categories[c]?.auditRefs ?? []) {
          const audit = lhr.audits[ref.id];
          if (!audit || ref.weight === 0 || audit.score === null || audit.score >= 0.9) continue;
          if (c === "performance" && ref.group === "metrics") continue;
          findings.push(`- ${page.name}, ${c}: ${audit.id} (${audit.displayValue ?? audit.score})`);
        }
      }
    }
  } finally {
    await chrome.kill();
  }
  return [
    `Lighthouse ${version} (default mobile configuration, simulated throttling), Chromium at ${process.env.CHROMIUM_PATH ?? "/usr/bin/chromium"}; 1-minute load average ${loads.join(", ")}`,
    "",
    "| page | performance | accessibility | best practices | SEO | FCP s | LCP s | TBT ms | CLS |",
    "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    ...rows,
    "",
    ...(findings.length
      ? ["Audits below 90:", ...findings]
      : ["Every weighted audit at 90 or above."]),
  ];
}
