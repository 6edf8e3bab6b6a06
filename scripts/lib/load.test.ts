import { describe, expect, it } from "vitest";
import { parseWrk } from "./load";

// wrk 4.1's report with --latency (units vary per figure).
const REPORT = `Running 1s test @ http://127.0.0.1:45009/x
  1 threads and 2 connections
  Thread Stats   Avg      Stdev     Max   +/- Stdev
    Latency   153.49us  403.93us   6.67ms   94.00%
    Req/Sec    27.26k     5.68k   30.62k    81.82%
  Latency Distribution
     50%   60.00us
     75%   70.00us
     90%  146.00us
     99%    2.06s
  29763 requests in 1.10s, 3.72MB read
  Socket errors: connect 0, read 2, write 0, timeout 3
  Non-2xx or 3xx responses: 17
Requests/sec:  27055.67
Transfer/sec:      3.38MB
`;

describe("parseWrk", () => {
  it("reads throughput, p50/p99 in ms whatever their unit, errors and non-2xx answers", () => {
    expect(parseWrk("row", REPORT)).toEqual({
      name: "row",
      rps: 27055.67,
      p50: 0.06,
      p99: 2060,
      errors: 5,
      non2xx: 17,
    });
  });

  it("counts nothing as an error when wrk reports none", () => {
    const quiet = REPORT.replace(/ {2}Socket errors.*\n/, "").replace(/ {2}Non-2xx.*\n/, "");
    expect(parseWrk("row", quiet)).toMatchObject({ errors: 0, non2xx: 0 });
  });
});
