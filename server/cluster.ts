import cluster, { type Worker } from "node:cluster";
import { fileURLToPath } from "node:url";
import { loadDotEnv, readConfig } from "./config";

/**
 * `npm start`: the whole product (server.ts, compiled beside this file) in WEB_CONCURRENCY
 * processes sharing one port through node:cluster, so a server uses all its cores. Nothing is
 * shared in memory between them: everything that must hold across processes lives in the database
 * (docs/ARCHITECTURE.md). One of them runs the mail and job worker (MAIL_WORKER=off: none does,
 * another machine's process will); the others queue mail and leave it to that one.
 * With one process (the default) this file only loads server.js.
 */
loadDotEnv();
process.env.NODE_ENV ??= "production";
const config = readConfig({ ...process.env, PORT: process.env.PORT ?? "3000" });
const serverUrl = new URL("./server.js", import.meta.url);
const serverFile = fileURLToPath(serverUrl);

if (config.webConcurrency <= 1) {
  await import(serverUrl.href);
} else {
  superviseWebProcesses(config.webConcurrency, config.mailWorker);
}

function superviseWebProcesses(count: number, mailWorker: boolean) {
  cluster.setupPrimary({ exec: serverFile });
  let stopping = false;
  const fork = (slot: number): Worker => {
    // The mail and job worker runs in slot 0 only; a slot restarted keeps its part.
    const worker = cluster.fork({ MAIL_WORKER: mailWorker && slot === 0 ? "on" : "off" });
    worker.on("exit", (code, signal) => {
      if (stopping) return;
      console.error(`[cluster] process ${slot} exited (${signal ?? code}); starting it again`);
      setTimeout(() => fork(slot), 1000).unref();
    });
    return worker;
  };
  for (let slot = 0; slot < count; slot++) fork(slot);
  console.log(`[cluster] ${count} web processes on port ${config.port}`);

  for (const sig of ["SIGINT", "SIGTERM"] as const) {
    process.on(sig, () => {
      stopping = true;
      const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => !!w);
      let left = workers.length;
      if (left === 0) process.exit(0);
      for (const w of workers) {
        w.once("exit", () => --left === 0 && process.exit(0));
        // Each finishes its requests and writes its pending views and mail first (server.ts).
        w.process.kill("SIGTERM");
      }
      setTimeout(() => process.exit(0), 10_000).unref();
    });
  }
}
