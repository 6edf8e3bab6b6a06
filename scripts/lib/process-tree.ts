import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";

/**
 * A server started by `npm start` is a small process that takes connections and its web
 * process(es) (server/cluster.ts): what the benches read of "the server" is the sum over the
 * process and its children (Linux /proc; nothing elsewhere).
 */
export function processTree(pid: number): number[] {
  const pids = [pid];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      if (Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]) === pid)
        pids.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return pids;
}

/** Clock ticks a second, the unit of /proc's CPU times. */
export const TICKS = Number(execFileSync("getconf", ["CLK_TCK"]).toString().trim()) || 100;

const sum = (pids: number[], read: (pid: number) => number) =>
  pids.reduce((total, pid) => {
    try {
      return total + read(pid);
    } catch {
      return total; // gone meanwhile
    }
  }, 0);

/** Resident memory of the process and its children, in KiB. */
export function treeRssKb(pid: number): number {
  return sum(processTree(pid), (p) =>
    Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${p}/status`, "utf8"))?.[1] ?? 0),
  );
}

/** Open file descriptors of the process and its children. */
export function treeFds(pid: number): number {
  return sum(processTree(pid), (p) => readdirSync(`/proc/${p}/fd`).length);
}

/** CPU time (user + system) of the process and its children so far, in ms. */
export function treeCpuMs(pid: number): number {
  return sum(processTree(pid), (p) => {
    const stat = readFileSync(`/proc/${p}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS;
  });
}
