import { readlinkSync } from "node:fs";
import { setPriority } from "node:os";
import { parentPort } from "node:worker_threads";
import { renderCertificatePdf } from "./certificate-pdf";
import type { PdfRequest } from "./pool";
import { renderReceiptPdf } from "./receipt-pdf";

/**
 * PDFs are background work: this thread runs at the lowest CPU priority (nice 19) so that on a
 * busy machine the server's own thread (pages, API) always goes first and PDFs use what is left.
 * Linux gives each thread its own niceness, found through /proc/thread-self; elsewhere this is a
 * no-op and the thread runs at normal priority.
 */
function lowerThreadPriority() {
  try {
    const threadId = Number(readlinkSync("/proc/thread-self").split("/").pop());
    if (threadId) setPriority(threadId, 19);
  } catch {
    // Not Linux, or not permitted: keep the default priority.
  }
}
lowerThreadPriority();

/** The PDF worker thread: renders one document per message, off the server's event loop. */
parentPort?.on("message", async (msg: { jobId: number; request: PdfRequest }) => {
  try {
    const { request } = msg;
    const pdf =
      request.kind === "receipt"
        ? await renderReceiptPdf(request.input)
        : await renderCertificatePdf(request.input);
    parentPort?.postMessage({ jobId: msg.jobId, pdf }, [pdf.buffer as ArrayBuffer]);
  } catch (err) {
    parentPort?.postMessage({ jobId: msg.jobId, error: String(err) });
  }
});
