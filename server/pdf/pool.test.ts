import { existsSync, readdirSync, readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CertificatePdfInput } from "./certificate-pdf";
import { renderInWorker, setPdfJobTimeout, stopPdfWorker, yieldPdfsTo } from "./pool";

/** Niceness of each thread of this process, from /proc (Linux). */
function threadNiceness(): number[] {
  return readdirSync("/proc/self/task").map((tid) => {
    const stat = readFileSync(`/proc/self/task/${tid}/stat`, "utf8");
    return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[16]);
  });
}

// A worker at nice 19 beside other work may take minutes for its first PDF (issue 31).
beforeAll(() => setPdfJobTimeout(170_000));
afterAll(() => {
  setPdfJobTimeout();
  return stopPdfWorker();
});

const input = (id: string): CertificatePdfInput => ({
  id,
  kind: "participation",
  rankLabel: null,
  recipientName: "Asha Verma",
  eventName: "Pool Test Hackathon",
  organisationName: "IIT Delhi Coding Club",
  issuedOn: "23 Nov 2026",
  issuedAt: "2026-11-23T10:00:00.000Z",
  verifyUrl: `http://localhost/certificate/${id}`,
  logo: null,
  productName: "Utsav",
});

describe("the PDF worker thread", () => {
  // Thread niceness is read from /proc, which only Linux has; elsewhere the worker keeps the
  // default priority by design (see worker.ts).
  it.skipIf(!existsSync("/proc/self/task"))(
    "renders at the lowest CPU priority while the server's thread keeps its own",
    async () => {
      const pdf = await renderInWorker(input("test"));
      expect(Buffer.from(pdf.subarray(0, 5)).toString()).toBe("%PDF-");
      const niceness = threadNiceness();
      expect(niceness).toContain(19);
      // The main thread (its id is the process id, listed first) is untouched.
      const mainStat = readFileSync(`/proc/self/task/${process.pid}/stat`, "utf8");
      expect(Number(mainStat.slice(mainStat.lastIndexOf(")") + 2).split(" ")[16])).toBe(0);
    },
    180_000,
  );
});

describe("background PDFs and requests", () => {
  // The gaps between background PDFs are set per phase, far beyond any render, so what the test
  // reads is the order and the waiting, never how fast this machine renders.
  it("wait while requests are answered (one a second at least); a PDF someone asked for does not", async () => {
    await renderInWorker(input("warm"), "now"); // the thread and its fonts
    let busy = true;
    yieldPdfsTo(() => busy, 600_000);
    try {
      const done: string[] = [];
      const t0 = Date.now();
      const first = renderInWorker(input("later-1"), "later").then(() => done.push("later-1"));
      const second = renderInWorker(input("later-2"), "later").then(() => done.push("later-2"));
      await first;
      await renderInWorker(input("now"), "now").then(() => done.push("now"));
      // While busy, the second background PDF waits; the one someone asked for does not.
      expect(done).toEqual(["later-1", "now"]);
      // It starts all the same once the gap since the first has passed (a second in production).
      yieldPdfsTo(() => busy, 1000);
      await second;
      expect(done).toEqual(["later-1", "now", "later-2"]);
      expect(Date.now() - t0).toBeGreaterThanOrEqual(1000);
      // Not busy: the next one starts at once, even with a gap of ten minutes set.
      busy = false;
      yieldPdfsTo(() => busy, 600_000);
      const t1 = Date.now();
      await renderInWorker(input("later-3"), "later");
      expect(Date.now() - t1).toBeLessThan(60_000);
    } finally {
      yieldPdfsTo(() => false);
    }
  }, 300_000);
});
