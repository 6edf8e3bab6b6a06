import path from "node:path";
import { pathToFileURL } from "node:url";
import { createSharedAnswers } from "#app/utils/api-shared.server";
import { createKeptHtmlStore } from "#app/utils/kept-html.server";
import { readConfig } from "#server/config";
import { createDeps } from "#server/deps";
import { createApi } from "#server/http/app";
import type { BenchData } from "./bench-data";

/**
 * `npm run bench -- --render-ab build-a,build-b [--rounds 12]`: what each signed-in page costs
 * the server in two builds, without HTTP, compression or the load tool. Both builds' Remix
 * handlers run in this process on one API (`createApi`) and the bench's database, and are asked
 * in turn, page by page (A first in even rounds, B in odd ones), 60 requests at a time, one after
 * another; the figure is this process's CPU per request. On a 2-core machine shared with a load
 * tool and a second server, `--ab`'s throughput swings by a tenth; this one sees a change to what
 * a page renders or asks of the API (issue 30: signed-in pages against the empty one).
 */
export async function renderAb(o: {
  builds: [string, string];
  rounds: number;
  dataDir: string;
  bench: BenchData;
  log(line: string): void;
}): Promise<string[]> {
  // React picks its production build by NODE_ENV when the build first imports it.
  process.env.NODE_ENV = "production";
  const { createRequestHandler } = await import("@remix-run/node");
  const config = readConfig({
    NODE_ENV: "production",
    DATA_DIR: o.dataDir,
    APP_URL: "http://127.0.0.1:3000",
    RATE_LIMIT: "off",
    MAIL_WORKER: "off",
  });
  const { deps, close } = await createDeps(config);
  const api = createApi(deps);
  const handlers = await Promise.all(
    o.builds.map(async (dir) => {
      const build = await import(pathToFileURL(path.join(dir, "server/index.js")).href);
      return createRequestHandler(build, "production");
    }),
  );
  // Each build with its own shared answers and kept HTML, as a server process has.
  const shared = o.builds.map(() => createSharedAnswers());
  const kept = o.builds.map(() => createKeptHtmlStore());
  const pages = [
    "/",
    "/event/search",
    `/event/search?q=${encodeURIComponent(o.bench.searchTerm)}`,
    `/event/${o.bench.eventNumber}`,
    "/privacypolicy",
  ];
  const ask = async (side: number, page: string) => {
    const request = new Request(`http://127.0.0.1:3000${page}`, {
      headers: { cookie: `utsav_session=${o.bench.sessionToken}`, "user-agent": "Mozilla/5.0" },
    });
    const response = await handlers[side](request, {
      api,
      cspNonce: "bench",
      clientIp: "127.0.0.1",
      config: {
        appUrl: config.appUrl,
        googleEnabled: false,
        pageCacheSeconds: config.pageCacheSeconds,
      },
      sharedAnswers: shared[side],
      keptHtml: kept[side],
      sessionReads: new Map(),
    });
    if (response.status !== 200) throw new Error(`${page}: ${response.status}`);
    await response.text();
  };
  const batch = 60;
  // cpu[side][page][round]: ms of CPU a request.
  const cpu = o.builds.map(() => pages.map(() => [] as number[]));
  try {
    o.log("== render A/B: warming both builds up on every page");
    for (const page of pages)
      for (const side of [0, 1]) for (let i = 0; i < 100; i++) await ask(side, page);
    for (let round = 0; round < o.rounds; round++) {
      o.log(`== render A/B, round ${round + 1} of ${o.rounds}`);
      for (const [p, page] of pages.entries())
        for (const side of round % 2 ? [1, 0] : [0, 1]) {
          const start = process.cpuUsage();
          for (let i = 0; i < batch; i++) await ask(side, page);
          const used = process.cpuUsage(start);
          cpu[side][p].push((used.user + used.system) / 1000 / batch);
        }
    }
  } finally {
    await close();
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
  const empty = pages.length - 1;
  const out = [
    `Render A/B (in-process, no HTTP): A = ${o.builds[0]}, B = ${o.builds[1]}; ${o.bench.eventsCount.toLocaleString("en")} events (SQLite), signed in, ${o.rounds} rounds of ${batch} requests a page and build; CPU ms a request, median of the rounds`,
    "",
    "| page (signed in) | A ms | B ms | B ÷ A | A × empty | B × empty |",
    "| --- | ---: | ---: | ---: | ---: | ---: |",
  ];
  for (const [p, page] of pages.entries()) {
    const [a, b] = [median(cpu[0][p]), median(cpu[1][p])];
    const times = (side: number, ms: number) => (ms / median(cpu[side][empty])).toFixed(2);
    out.push(
      `| ${page} | ${a.toFixed(2)} | ${b.toFixed(2)} | ${(b / a).toFixed(3)} | ${times(0, a)} | ${times(1, b)} |`,
    );
  }
  return out;
}
