import { type ChildProcess, spawn } from "node:child_process";

/**
 * An outside load for the rushes (`npm run bench -- --busy[=N]`): N child processes, each a tight
 * loop keeping one core busy for the whole rush, stopped after it. Tails that hold on an idle
 * machine and miss on a busy one show here (decision 037).
 */

/** `--busy` alone is one core; `--busy=N` N cores; absent or 0, none. */
export function parseBusy(argv: readonly string[]): { cores: number; argv: string[] } {
  let cores = 0;
  const rest: string[] = [];
  for (const a of argv) {
    const m = /^--busy(?:=(.*))?$/.exec(a);
    if (!m) {
      rest.push(a);
      continue;
    }
    const n = m[1] === undefined ? 1 : Number(m[1]);
    if (!Number.isInteger(n) || n < 0 || n > 64)
      throw new Error(`--busy=${m[1]}: a whole number of cores`);
    cores = n;
  }
  return { cores, argv: rest };
}

export interface Busy {
  cores: number;
  stop(): void;
}

/** Starts `cores` spinning processes (none for 0); `stop()` ends exactly those, by their pid. */
export function startBusy(cores: number): Busy {
  const children: ChildProcess[] = [];
  for (let i = 0; i < cores; i++)
    children.push(spawn(process.execPath, ["-e", "for(;;){}"], { stdio: "ignore" }));
  return {
    cores,
    stop() {
      for (const c of children) if (c.exitCode === null && c.pid) process.kill(c.pid, "SIGKILL");
    },
  };
}

let current = 0;
/** How many cores the outside load keeps busy now (for the rushes' report lines). */
export function busyCores(): number {
  return current;
}

/** Runs `fn` with the outside load on, and always stops it. */
export async function withBusy<T>(cores: number, fn: () => Promise<T>): Promise<T> {
  const busy = startBusy(cores);
  current = cores;
  try {
    return await fn();
  } finally {
    current = 0;
    busy.stop();
  }
}

/** Requests per second a closed loop reached: answers counted over the window's length. */
export function capacity(answered: number, elapsedMs: number): number {
  if (elapsedMs <= 0) return 0;
  return (answered * 1000) / elapsedMs;
}

/** Capacity against the offered rate: 2 means the server could take twice what the rush sent. */
export function headroom(capacityPerSecond: number, offeredPerSecond: number): number | null {
  return offeredPerSecond > 0 ? capacityPerSecond / offeredPerSecond : null;
}

/** The line each rush prints: offered rate, closed-loop capacity and headroom, p99. */
export function capacityLine(offered: number, cap: number, p99Ms: number, cores: number): string {
  const h = headroom(cap, offered);
  return `offered ${offered.toFixed(0)} req/s, closed-loop capacity ${cap.toFixed(0)} req/s (headroom ${
    h === null ? "n/a" : `${h.toFixed(2)} ×`
  }), p99 ${p99Ms.toFixed(1)} ms${cores ? `; ${cores} core${cores > 1 ? "s" : ""} kept busy outside` : ""}`;
}

/**
 * Closed-loop capacity: `clients` loops, each sending its next request as soon as the last answers,
 * for `seconds`; answers counted (whatever their status) and their latencies.
 */
export async function closedLoop(
  clients: number,
  seconds: number,
  send: (client: number, i: number) => Promise<unknown>,
): Promise<{ answered: number; elapsedMs: number; perSecond: number; latencies: number[] }> {
  const start = performance.now();
  const end = start + seconds * 1000;
  const latencies: number[] = [];
  await Promise.all(
    Array.from({ length: clients }, async (_, c) => {
      for (let i = 0; performance.now() < end; i++) {
        const t = performance.now();
        await send(c, i).catch(() => {});
        latencies.push(performance.now() - t);
      }
    }),
  );
  const elapsedMs = performance.now() - start;
  latencies.sort((a, b) => a - b);
  return {
    answered: latencies.length,
    elapsedMs,
    perSecond: capacity(latencies.length, elapsedMs),
    latencies,
  };
}
