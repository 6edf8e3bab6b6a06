import autocannon from "autocannon";
const [, , dur, ...targets] = process.argv;
for (const t of targets) {
  const [name, url, cookie] = t.split("|");
  const r = await autocannon({
    url,
    connections: 32,
    duration: Number(dur),
    headers: { "accept-encoding": "gzip, br", ...(cookie ? { cookie } : {}) },
  });
  console.log(
    `| ${name} | ${r.requests.average.toFixed(0)} | ${r.latency.p50} | ${r.latency.p99} | ${r.errors + r.timeouts} | ${r.non2xx} |`,
  );
}
