import { parentPort } from "node:worker_threads";
import { type CertificatePdfInput, renderCertificatePdf } from "./certificate-pdf";

/** The PDF worker thread: renders one certificate per message, off the server's event loop. */
parentPort?.on("message", async (msg: { jobId: number; input: CertificatePdfInput }) => {
  try {
    const pdf = await renderCertificatePdf(msg.input);
    parentPort?.postMessage({ jobId: msg.jobId, pdf }, [pdf.buffer as ArrayBuffer]);
  } catch (err) {
    parentPort?.postMessage({ jobId: msg.jobId, error: String(err) });
  }
});
