import type { ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import os from "node:os";
import type { BenchData } from "./bench-data";
import { BROWSER_HEADERS, loadClient, measureLoad } from "./load";
import { TICKS, treeCpuMs } from "./process-tree";

/**
 * `npm run bench -- --ab build-a,build-b [--rounds 6] [--duration S]`: an interleaved A/B of two
 * builds on one seeded database, for changes too small to see between two separate bench runs on
 * a machine whose speed swings by a third within minutes (and which other work may share).
 * `--processes 1,2` is the same with one build started with WEB_CONCURRENCY=1 (A) and =2 (B).
 *
 * Both builds' servers run side by side on the same data, the idle one costing nothing while the
 * other is measured. Each round measures every signed-in row on A and on B, page by page (A first
 * on even rounds, B first on odd ones, so neither always follows the other), with the bench's
 * load client and connections. Besides req/s it reads the server's own CPU per request (utime +
 * stime from /proc over the requests answered), which other processes on the machine disturb less.
 */
export interface AbOptions {
  /** What A and B are (build directories, or process counts). */
  builds: [string, string];
  rounds: number;
  duration: number;
  connections: number;
  bench: BenchData;
  start(side: 0 | 1): { base: string; child: ChildProcess };
  waitFor(url: string, child: ChildProcess): Promise<void>;
  log(line: string): void;
}

interface Sample {
  rps: number;
  cpuMs: number;
  /** Cores the rest of the machine (the load tool, anything else) kept busy meanwhile. */
  otherCores: number;
  /** Socket errors and timeouts, and non-2xx answers: marked, not dropped (the load is real). */
  failed: number;
}

/** The whole machine's busy CPU time so far (every core), in ms. */
function machineBusyMs(): number {
  const [, ...f] = readFileSync("/proc/stat", "utf8").split("\n")[0].trim().split(/\s+/);
  const [user, nice, system, , , irq, softirq, steal] = f.map(Number);
  return ((user + nice + system + irq + softirq + steal) * 1000) / TICKS;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const geomean = (xs: number[]) => Math.exp(xs.reduce((a, x) => a + Math.log(x), 0) / xs.length);

export async function abRun(o: AbOptions): Promise<string[]> {
  const q = encodeURIComponent(o.bench.searchTerm);
  const pages: [string, string][] = [
    ["/", "/"],
    ["/event/search", "/event/search"],
    [`/event/search?q=${o.bench.searchTerm}`, `/event/search?q=${q}`],
    [`/event/${o.bench.eventNumber}`, `/event/${o.bench.eventNumber}`],
    ["/privacypolicy", "/privacypolicy"],
  ];
  const headers = { ...BROWSER_HEADERS, cookie: `utsav_session=${o.bench.sessionToken}` };
  const servers = ([0, 1] as const).map((side) => o.start(side));
  // samples[build][page][round]
  const samples: Sample[][][] = servers.map(() => pages.map(() => []));
  const loads: string[] = [];
  try {
    for (const s of servers) await o.waitFor(`${s.base}/api/v1/health`, s.child);
    o.log("== warming both servers up on every page");
    for (const s of servers)
      for (const [, p] of pages)
        await measureLoad("warm-up", { url: s.base + p, connections: 8, duration: 2, headers });
    for (let round = 0; round < o.rounds; round++) {
      loads.push(os.loadavg()[0].toFixed(1));
      const order = round % 2 ? [1, 0] : [0, 1];
      for (const [i, [name, p]] of pages.entries())
        for (const b of order) {
          const s = servers[b];
          o.log(`== round ${round + 1}, ${"AB"[b]}: ${name}`);
          const [cpu0, busy0] = [treeCpuMs(s.child.pid!), machineBusyMs()];
          const row = await measureLoad(name, {
            url: s.base + p,
            connections: o.connections,
            duration: o.duration,
            headers,
          });
          const serverMs = treeCpuMs(s.child.pid!) - cpu0;
          const cpuMs = serverMs / (row.rps * o.duration);
          const otherCores = (machineBusyMs() - busy0 - serverMs) / (o.duration * 1000);
          samples[b][i].push({ rps: row.rps, cpuMs, otherCores, failed: row.errors + row.non2xx });
          o.log(
            `   ${row.rps.toFixed(1)} req/s, ${cpuMs.toFixed(1)} ms CPU a request, ${row.errors} errors, ${row.non2xx} non-2xx`,
          );
        }
    }
  } finally {
    for (const s of servers) {
      s.child.kill("SIGTERM");
      await new Promise((r) => s.child.once("exit", r));
    }
  }
  return abReport(o, pages, samples, loads);
}

function abReport(o: AbOptions, pages: [string, string][], samples: Sample[][][], loads: string[]) {
  const [a, b] = samples;
  const out = [
    `Interleaved A/B: A = ${o.builds[0]}, B = ${o.builds[1]}; ${o.bench.eventsCount.toLocaleString("en")} events (SQLite), signed in, ${o.rounds} rounds, ${o.duration} s per page and build at ${o.connections} connections, load by ${loadClient()}, ${os.cpus().length} cores, Node ${process.version}`,
    "",
    "req/s A / B, and the server's CPU ms per request A / B, each round (load = 1-minute load average at the round's start; * = some requests failed or timed out):",
    "",
    `| round | first | load | ${pages.map(([n]) => n).join(" | ")} |`,
    `| ---: | --- | ---: | ${pages.map(() => "---:").join(" | ")} |`,
  ];
  for (let r = 0; r < o.rounds; r++) {
    const rps = (x: Sample) => `${x.rps.toFixed(0)}${x.failed ? "*" : ""}`;
    const cells = pages.map(
      (_, i) =>
        `${rps(a[i][r])} / ${rps(b[i][r])} (${a[i][r].cpuMs.toFixed(1)} / ${b[i][r].cpuMs.toFixed(1)} ms)`,
    );
    out.push(`| ${r + 1} | ${r % 2 ? "B" : "A"} | ${loads[r]} | ${cells.join(" | ")} |`);
  }
  out.push(
    "",
    "| page (signed in) | A req/s | B req/s | B ÷ A (median of rounds) | B ÷ A per round, min–max | A CPU ms/req | B CPU ms/req | B ÷ A CPU |",
    "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
  );
  const ratiosByRound = Array.from({ length: o.rounds }, () => [] as number[]);
  for (const [i, [name]] of pages.entries()) {
    const ratios = a[i].map((x, r) => b[i][r].rps / x.rps);
    for (const [r, x] of ratios.entries()) ratiosByRound[r].push(x);
    const [ra, rb] = [median(a[i].map((x) => x.rps)), median(b[i].map((x) => x.rps))];
    const [ca, cb] = [median(a[i].map((x) => x.cpuMs)), median(b[i].map((x) => x.cpuMs))];
    out.push(
      `| ${name} | ${ra.toFixed(0)} | ${rb.toFixed(0)} | ${median(ratios).toFixed(3)} | ${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)} | ${ca.toFixed(2)} | ${cb.toFixed(2)} | ${(cb / ca).toFixed(3)} |`,
    );
  }
  // Each page's cost as a multiple of the empty signed-in page's (/privacypolicy, the last row).
  const empty = pages.length - 1;
  const cost = (side: Sample[][], i: number, of: (x: Sample) => number) =>
    (median(side[i].map(of)) / median(side[empty].map(of))).toFixed(2);
  const costs = (of: (x: Sample) => number) =>
    pages
      .slice(0, empty)
      .map(([name], i) => `${name} ${cost(a, i, of)} / ${cost(b, i, of)}`)
      .join(", ");
  out.push(
    "",
    `Cost × the empty signed-in page (medians; goal ≤ 1.5), A / B, by its req/s ÷ the page's: ${costs((x) => 1 / x.rps)}`,
    `… and by the page's CPU ms per request ÷ its (steadier on a shared machine): ${costs((x) => x.cpuMs)}`,
  );
  const all = ratiosByRound.map(geomean);
  const others = (side: Sample[][]) => median(side.flat().map((x) => x.otherCores)).toFixed(2);
  out.push(
    "",
    `All signed-in pages, B ÷ A req/s (geometric mean of the pages, each round): ${all.map((x) => x.toFixed(3)).join(", ")}; median ${median(all).toFixed(3)}`,
    `Cores kept busy by the rest of the machine (the load tool and anything else) while A / B was measured, median: ${others(a)} / ${others(b)}`,
  );
  return out;
}
