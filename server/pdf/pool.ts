import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import type { CertificatePdfInput } from "./certificate-pdf";
import type { ReceiptPdfInput } from "./receipt-pdf";

/**
 * Rendering a certificate (or a receipt) takes tens of milliseconds of CPU (font shaping, subsetting,
 * compression), which on the server's thread would stall every other request. One worker thread
 * renders them, one at a time, so at most one core goes to PDFs whatever the load; someone
 * waiting for their PDF goes ahead of the pre-generation that follows issuing.
 */
export type Priority = "now" | "later";

/** What the worker renders: one kind of document and its plain-data input. */
export type PdfRequest =
  | { kind: "certificate"; input: CertificatePdfInput }
  | { kind: "receipt"; input: ReceiptPdfInput };

interface Job {
  jobId: number;
  request: PdfRequest;
  resolve(pdf: Uint8Array): void;
  reject(err: Error): void;
}

const JOB_TIMEOUT_MS = 30_000;
const require = createRequire(import.meta.url);
const queues: Record<Priority, Job[]> = { now: [], later: [] };
let worker: Worker | null = null;
let current: { job: Job; timer: NodeJS.Timeout } | null = null;
let nextId = 1;

/**
 * The built server (scripts/build-server.mjs) has the worker compiled beside it. From source
 * (tests, tsx), a one-line module registers tsx in the new thread, then loads worker.ts.
 */
function workerUrl(): URL {
  const compiled = new URL("./pdf-worker.js", import.meta.url);
  if (existsSync(fileURLToPath(compiled))) return compiled;
  const tsxDir = path.dirname(require.resolve("tsx/package.json"));
  const tsx = pathToFileURL(path.join(tsxDir, "dist/esm/api/index.mjs")).href;
  const entry = new URL("./worker.ts", import.meta.url).href;
  const boot = `import { register } from ${JSON.stringify(tsx)}; register(); await import(${JSON.stringify(entry)});`;
  return new URL(`data:text/javascript,${encodeURIComponent(boot)}`);
}

function startWorker(): Worker {
  const w = new Worker(workerUrl());
  w.on("message", (msg: { jobId: number; pdf?: Uint8Array; error?: string }) => {
    if (!current || current.job.jobId !== msg.jobId) return;
    const { job, timer } = current;
    clearTimeout(timer);
    current = null;
    if (msg.pdf) job.resolve(new Uint8Array(msg.pdf));
    else job.reject(new Error(msg.error ?? "PDF rendering failed"));
    pump();
  });
  const fail = (err: Error) => {
    if (worker === w) worker = null;
    if (current) {
      clearTimeout(current.timer);
      current.job.reject(err);
      current = null;
    }
    pump();
  };
  w.on("error", fail);
  w.on("exit", (code) => fail(new Error(`PDF worker exited (${code})`)));
  return w;
}

/**
 * Background rendering ("later") gives way to requests: while the process is answering any, the
 * next background PDF waits, but one still starts at least every LATER_EVERY_MS, so a site that is
 * never idle makes its PDFs too. (A thread's niceness alone did not keep PDFs from slowing pages:
 * every hand-off between the server and PostgreSQL waited on the core the worker held.)
 */
const LATER_EVERY_MS = 1000;
const LATER_RETRY_MS = 20;
let busy: () => boolean = () => false;
let laterEveryMs = LATER_EVERY_MS;
let jobTimeoutMs = JOB_TIMEOUT_MS;

/**
 * Tests on a busy machine: how long one PDF may take before its worker is ended. The worker runs
 * at nice 19 and, from the sources, compiles them first: beside other work that takes minutes.
 */
export function setPdfJobTimeout(ms: number = JOB_TIMEOUT_MS): void {
  jobTimeoutMs = ms;
}
let lastLaterStart = 0;
let retry: NodeJS.Timeout | null = null;

/**
 * How the pool tells that requests are being answered (server.ts: requests in flight). `everyMs`
 * (tests) changes how often a background PDF starts all the same.
 */
export function yieldPdfsTo(isBusy: () => boolean, everyMs = LATER_EVERY_MS): void {
  busy = isBusy;
  laterEveryMs = everyMs;
}

function laterMayStart(): boolean {
  if (!busy() || Date.now() - lastLaterStart >= laterEveryMs) return true;
  retry ??= setTimeout(() => {
    retry = null;
    pump();
  }, LATER_RETRY_MS);
  return false;
}

function pump() {
  if (current) return;
  if (!queues.now.length && queues.later.length) {
    if (!laterMayStart()) return;
    lastLaterStart = Date.now();
  }
  const job = queues.now.shift() ?? queues.later.shift();
  if (!job) {
    worker?.unref(); // an idle worker never keeps the process alive
    return;
  }
  worker ??= startWorker();
  worker.ref();
  const w = worker;
  const timer = setTimeout(() => {
    void w.terminate(); // its exit rejects the job and the next job starts a new worker
  }, jobTimeoutMs);
  current = { job, timer };
  w.postMessage({ jobId: job.jobId, request: job.request });
}

/** Renders a document in the worker thread. */
export function renderPdfInWorker(
  request: PdfRequest,
  priority: Priority = "now",
): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    queues[priority].push({ jobId: nextId++, request, resolve, reject });
    pump();
  });
}

/** Renders a certificate in the worker thread. */
export function renderInWorker(
  input: CertificatePdfInput,
  priority: Priority = "now",
): Promise<Uint8Array> {
  return renderPdfInWorker({ kind: "certificate", input }, priority);
}

/** Stops the worker (tests, shutdown); queued jobs are rejected. */
export async function stopPdfWorker(): Promise<void> {
  for (const job of [...queues.now, ...queues.later]) job.reject(new Error("PDF worker stopped"));
  queues.now = [];
  queues.later = [];
  if (retry) clearTimeout(retry);
  retry = null;
  const w = worker;
  worker = null;
  if (w) await w.terminate();
}
