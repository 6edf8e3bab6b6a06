import cluster, { type Worker } from "node:cluster";
import { fileURLToPath } from "node:url";
import { loadDotEnv, readConfig } from "./config";

/**
 * `npm start`: the whole product (server.ts, compiled beside this file) in WEB_CONCURRENCY
 * processes sharing one port through node:cluster, so a server uses all its cores. Nothing is
 * shared in memory between them: everything that must hold across processes lives in the database
 * (docs/ARCHITECTURE.md). One of them runs the mail and job worker (MAIL_WORKER=off: none does,
 * another machine's process will); the others queue mail and leave it to that one.
 *
 * One process (the default) runs under this one too: this process takes the new connections and
 * hands them over (node:cluster's round robin). A web process accepts one new connection per turn
 * of its event loop (libuv#3696), and a busy process's turns are long: when 2,000 students start a
 * quiz within 10 s, each on a new connection, their first requests waited in the kernel's queue
 * for up to a second while the answers of those already in were served in milliseconds. This
 * process does nothing else, so it accepts at once (decision 041). It also starts a web process
 * that dies again, as it does for several.
 */
loadDotEnv();
process.env.NODE_ENV ??= "production";
const config = readConfig({ ...process.env, PORT: process.env.PORT ?? "3000" });
const serverFile = fileURLToPath(new URL("./server.js", import.meta.url));

superviseWebProcesses(config.webConcurrency, config.mailWorker);

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
  console.log(`[cluster] ${count} web process${count > 1 ? "es" : ""} on port ${config.port}`);

  // Turning view counting off and on (toggleViewsOnSignal in deps.ts) is the web processes' part.
  process.on("SIGUSR2", () => {
    for (const w of Object.values(cluster.workers ?? {})) w?.process.kill("SIGUSR2");
  });

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
