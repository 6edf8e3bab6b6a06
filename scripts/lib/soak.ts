// @ts-expect-error autocannon ships no types
import autocannon from "autocannon";
import type { BenchData } from "./bench-data";
import { treeFds, treeRssKb } from "./process-tree";

/**
 * `npm run bench -- --soak`: 50 connections for 60 s over a mix of page views, searches, logins
 * and step saves, all at once against one server. Passes when there is no 5xx, no error or
 * timeout, 429 only where a rate limit applies (logins), and memory and open handles stay flat.
 */
export async function soak(opts: {
  base: string;
  bench: BenchData;
  serverPid: number;
  seconds?: number;
}) {
  const { base, bench, serverPid } = opts;
  const seconds = opts.seconds ?? 60;
  const rss = () => treeRssKb(serverPid) / 1024;
  const fds = () => treeFds(serverPid);

  const samples: { t: number; rss: number; fds: number }[] = [];
  const started = Date.now();
  const sampler = setInterval(
    () => samples.push({ t: (Date.now() - started) / 1000, rss: rss(), fds: fds() }),
    2000,
  );
  const fdsBefore = fds();
  const rssBefore = rss();

  const cookieHeader = {
    cookie: `utsav_session=${bench.sessionToken}`,
    origin: base,
    "content-type": "application/json",
  };
  const terms = bench.searchTerms;
  const step2 = (i: number) =>
    JSON.stringify({
      eventNumber: bench.draftNumber,
      participationType: "team",
      minTeam: 1 + (i % 2),
      maxTeam: 4,
      startDate: "2026-12-01T10:00",
      endDate: "2026-12-20T18:00",
      contactDetails: [{ name: "Soak Tester", number: "9876543210" }],
    });

  const mixes = [
    {
      name: "page views",
      connections: 20,
      requests: [
        { method: "GET", path: "/" },
        { method: "GET", path: "/event/search" },
        { method: "GET", path: `/event/${bench.eventNumber}` },
        { method: "GET", path: "/event/search?type=Fest&mode=Offline" },
      ],
    },
    {
      name: "searches",
      connections: 15,
      requests: terms.flatMap((t) => [
        { method: "GET", path: `/api/v1/event/find?q=${encodeURIComponent(t)}` },
        { method: "GET", path: `/event/search?q=${encodeURIComponent(t)}` },
      ]),
    },
    {
      name: "logins",
      connections: 5,
      requests: [
        {
          method: "POST",
          path: "/api/v1/user/login",
          headers: { "content-type": "application/json", origin: base },
          body: JSON.stringify({ email: bench.loginEmail, password: bench.loginPassword }),
        },
      ],
      allowed429: true,
    },
    {
      name: "step saves",
      connections: 10,
      requests: [0, 1].map((i) => ({
        method: "POST",
        path: `/api/v1/event/create/${bench.draftNumber}/step2`,
        headers: cookieHeader,
        body: step2(i),
      })),
    },
  ];

  const results = await Promise.all(
    mixes.map(
      (m) =>
        new Promise<any>((resolve, reject) =>
          autocannon(
            {
              url: base,
              connections: m.connections,
              duration: seconds,
              requests: m.requests,
              timeout: 10,
            },
            (err: Error | null, r: unknown) => (err ? reject(err) : resolve(r)),
          ),
        ),
    ),
  );
  clearInterval(sampler);
  await new Promise((r) => setTimeout(r, 3000)); // let keep-alive sockets close
  const fdsAfter = fds();
  const rssAfter = rss();

  const lines: string[] = [];
  let ok = true;
  lines.push(
    `Soak: ${mixes.reduce((n, m) => n + m.connections, 0)} connections for ${seconds} s on ${bench.eventsCount.toLocaleString("en")} events`,
  );
  lines.push("");
  lines.push(
    "| stream | connections | requests | req/s | p50 ms | p99 ms | 2xx | 429 | other 4xx | 5xx | errors+timeouts |",
  );
  lines.push("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |");
  mixes.forEach((m, i) => {
    const r = results[i];
    const codes: Record<string, { count: number }> = r.statusCodeStats ?? {};
    const by = (pred: (c: number) => boolean) =>
      Object.entries(codes)
        .filter(([c]) => pred(Number(c)))
        .reduce((n, [, v]) => n + v.count, 0);
    const c2 = by((c) => c >= 200 && c < 300);
    const c429 = by((c) => c === 429);
    const c4 = by((c) => c >= 400 && c < 500 && c !== 429);
    const c5 = by((c) => c >= 500);
    const errs = r.errors + r.timeouts;
    if (c5 > 0 || errs > 0 || c4 > 0 || (c429 > 0 && !m.allowed429)) ok = false;
    lines.push(
      `| ${m.name} | ${m.connections} | ${r.requests.total} | ${r.requests.average.toFixed(0)} | ${r.latency.p50} | ${r.latency.p99} | ${c2} | ${c429} | ${c4} | ${c5} | ${errs} |`,
    );
  });
  // Flat: the last third of the run holds no more memory than the middle third plus a margin.
  const third = Math.floor(samples.length / 3);
  const middle = samples.slice(third, 2 * third).map((s) => s.rss);
  const last = samples.slice(2 * third).map((s) => s.rss);
  const growth = Math.max(...last) - Math.max(...middle);
  const memoryFlat = growth < 64;
  const handlesFlat = fdsAfter - fdsBefore <= 5;
  if (!memoryFlat || !handlesFlat) ok = false;
  lines.push("");
  lines.push(
    `Server memory (RSS): ${rssBefore.toFixed(0)} MB before, peak ${Math.max(...samples.map((s) => s.rss)).toFixed(0)} MB, ${rssAfter.toFixed(0)} MB after; last third vs middle third: ${growth >= 0 ? "+" : ""}${growth.toFixed(0)} MB (${memoryFlat ? "flat" : "GROWING"})`,
  );
  lines.push(
    `Open file descriptors: ${fdsBefore} before, ${fdsAfter} after (${handlesFlat ? "flat" : "LEAKING"})`,
  );
  lines.push(`Result: ${ok ? "PASS" : "FAIL"}`);
  console.log(lines.join("\n"));
  if (!ok) process.exitCode = 1;
}
