/**
 * The load generator of `npm run bench`'s throughput rows: wrk when the machine has it (Debian's
 * `wrk` package), else autocannon.
 *
 * Why wrk first: the client shares the 2 cores with the server, and autocannon (JavaScript, one
 * thread, every response run through http-parser-js) is the bottleneck on anything but tiny
 * answers. Measured 2026-11-24: a bare `node:http` server replaying a cached page's exact bytes
 * (5 KB of brotli, the same headers) gets ~17,000 req/s from autocannon and ~42,000 from wrk,
 * against ~95,000 for both on the 2-byte floor; so autocannon's row for a cached page measured
 * the client, not the server. Both clients are run on the floor and on the page in the same
 * run, so the ratios stay ratios of one tool.
 */
import { execFileSync, spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
// @ts-expect-error autocannon ships no types
import autocannon from "autocannon";

export interface LoadRow {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

export interface LoadTarget {
  url: string;
  connections: number;
  /** Seconds. */
  duration: number;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  /**
   * A new visitor each request: a new address in X-Forwarded-For (the bench's servers trust one
   * proxy hop, as behind a load balancer) with one of 50 phones' user agents.
   */
  visitors?: boolean;
}

export const VISITOR_AGENT = "Mozilla/5.0 (Linux; Android 13) Chrome/124.0 Mobile Safari/537.36 v";

/**
 * What a browser sends: pages and API answers are measured as visitors get them (a kept page
 * answers its brotli bytes; a rendered one is gzipped).
 */
export const BROWSER_HEADERS = { "accept-encoding": "gzip, deflate, br" };

export function hasWrk(): boolean {
  try {
    execFileSync("wrk", ["--version"], { stdio: "ignore" });
    return true;
  } catch (e) {
    // wrk prints its version and exits 1.
    return (e as { status?: number }).status === 1;
  }
}

export function loadClient(): "wrk" | "autocannon" {
  return process.env.BENCH_CLIENT === "autocannon" || !hasWrk() ? "autocannon" : "wrk";
}

export async function measureLoad(
  name: string,
  target: LoadTarget,
  client = loadClient(),
): Promise<LoadRow> {
  return client === "wrk" ? withWrk(name, target) : withAutocannon(name, target);
}

function withAutocannon(name: string, t: LoadTarget): Promise<LoadRow> {
  let n = 0;
  const visitor = (req: { headers: Record<string, string> }) => ({
    ...req,
    headers: {
      ...req.headers,
      "x-forwarded-for": `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
      "user-agent": `${VISITOR_AGENT}${n++ % 50}`,
    },
  });
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: t.url,
        connections: t.connections,
        duration: t.duration,
        // autocannon refuses an explicit `method: undefined` (without wrk, every row failed).
        ...(t.method ? { method: t.method } : {}),
        headers: t.headers,
        ...(t.body ? { body: t.body } : {}),
        ...(t.visitors ? { requests: [{ setupRequest: visitor }] } : {}),
      },
      (err: Error | null, r: any) =>
        err
          ? reject(err)
          : resolve({
              name,
              rps: r.requests.average,
              p50: r.latency.p50,
              p99: r.latency.p99,
              errors: r.errors + r.timeouts,
              non2xx: r.non2xx,
            }),
    );
  });
}

/** wrk's latency figures come with a unit (us, ms, s); answers in ms. */
function toMs(text: string): number {
  const m = /^([\d.]+)(us|ms|s|m)$/.exec(text.trim());
  if (!m) return Number.NaN;
  const v = Number(m[1]);
  return m[2] === "us" ? v / 1000 : m[2] === "ms" ? v : m[2] === "s" ? v * 1000 : v * 60_000;
}

export function parseWrk(name: string, out: string): LoadRow {
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? Number.NaN);
  const p50 = toMs(/^\s+50%\s+(\S+)/m.exec(out)?.[1] ?? "");
  const p99 = toMs(/^\s+99%\s+(\S+)/m.exec(out)?.[1] ?? "");
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
  const errors = socket ? socket.slice(1).reduce((a, b) => a + Number(b), 0) : 0;
  const non2xx = Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(out)?.[1] ?? 0);
  return { name, rps, p50, p99, errors, non2xx };
}

function withWrk(name: string, t: LoadTarget): Promise<LoadRow> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "utsav-wrk-"));
  const args = ["-t1", `-c${t.connections}`, `-d${t.duration}s`, "--latency", "--timeout", "10s"];
  for (const [k, v] of Object.entries(t.headers ?? {})) args.push("-H", `${k}: ${v}`);
  const lua: string[] = [];
  if (t.method || t.body)
    lua.push(
      `wrk.method = ${JSON.stringify(t.method ?? "POST")}`,
      `wrk.body = ${JSON.stringify(t.body ?? "")}`,
    );
  if (t.visitors)
    lua.push(
      "local n = 0",
      "request = function()",
      "  n = n + 1",
      '  wrk.headers["X-Forwarded-For"] = string.format("10.%d.%d.%d", math.floor(n / 65536) % 256, math.floor(n / 256) % 256, n % 256)',
      `  wrk.headers["User-Agent"] = ${JSON.stringify(VISITOR_AGENT)} .. (n % 50)`,
      "  return wrk.format()",
      "end",
    );
  if (lua.length) {
    const script = path.join(dir, "request.lua");
    writeFileSync(script, `${lua.join("\n")}\n`);
    args.push("-s", script);
  }
  args.push(t.url);
  return new Promise((resolve, reject) => {
    const child = spawn("wrk", args, { stdio: ["ignore", "pipe", "inherit"] });
    let out = "";
    child.stdout.on("data", (d) => {
      out += d;
    });
    child.on("error", reject);
    child.on("exit", () => {
      rmSync(dir, { recursive: true, force: true });
      resolve(parseWrk(name, out));
    });
  });
}
