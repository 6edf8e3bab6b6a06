import { existsSync, readdirSync, readFileSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { renderInWorker, stopPdfWorker } from "./pool";

/** Niceness of each thread of this process, from /proc (Linux). */
function threadNiceness(): number[] {
  return readdirSync("/proc/self/task").map((tid) => {
    const stat = readFileSync(`/proc/self/task/${tid}/stat`, "utf8");
    return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[16]);
  });
}

afterAll(() => stopPdfWorker());

describe("the PDF worker thread", () => {
  // Thread niceness is read from /proc, which only Linux has; elsewhere the worker keeps the
  // default priority by design (see worker.ts).
  it.skipIf(!existsSync("/proc/self/task"))(
    "renders at the lowest CPU priority while the server's thread keeps its own",
    async () => {
      const pdf = await renderInWorker({
        id: "test",
        kind: "participation",
        rankLabel: null,
        recipientName: "Asha Verma",
        eventName: "Pool Test Hackathon",
        organisationName: "IIT Delhi Coding Club",
        issuedOn: "23 Nov 2026",
        issuedAt: "2026-11-23T10:00:00.000Z",
        verifyUrl: "http://localhost/certificate/test",
        logo: null,
        productName: "Utsav",
      });
      expect(Buffer.from(pdf.subarray(0, 5)).toString()).toBe("%PDF-");
      const niceness = threadNiceness();
      expect(niceness).toContain(19);
      // The main thread (its id is the process id, listed first) is untouched.
      const mainStat = readFileSync(`/proc/self/task/${process.pid}/stat`, "utf8");
      expect(Number(mainStat.slice(mainStat.lastIndexOf(")") + 2).split(" ")[16])).toBe(0);
    },
    60_000,
  );
});
