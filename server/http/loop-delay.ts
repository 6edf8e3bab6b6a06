import { monitorEventLoopDelay, PerformanceObserver } from "node:perf_hooks";

/**
 * LOOP_DELAY_LOG_SECONDS (profiling): every `seconds`, one line of how late the event loop ran its
 * timers (p50, p99, max, from perf_hooks' histogram at 10 ms resolution) and how long garbage
 * collection paused it, so what holds the loop under load shows beside a CPU profile.
 * Answers a stop function.
 */
export function logLoopDelay(
  seconds: number,
  log: (line: string) => void = (line) => console.log(line),
): () => void {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  let gc = { count: 0, totalMs: 0, maxMs: 0 };
  const gcs = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      gc.count++;
      gc.totalMs += entry.duration;
      gc.maxMs = Math.max(gc.maxMs, entry.duration);
    }
  });
  gcs.observe({ entryTypes: ["gc"] });
  const ms = (ns: number) => (ns / 1e6).toFixed(1);
  const timer = setInterval(() => {
    log(
      `[loop] pid ${process.pid} delay p50 ${ms(delay.percentile(50))} p99 ${ms(delay.percentile(99))} max ${ms(delay.max)} ms; gc ${gc.count}× ${gc.totalMs.toFixed(0)} ms, longest ${gc.maxMs.toFixed(1)} ms`,
    );
    delay.reset();
    gc = { count: 0, totalMs: 0, maxMs: 0 };
  }, seconds * 1000);
  timer.unref();
  return () => {
    clearInterval(timer);
    delay.disable();
    gcs.disconnect();
  };
}
