/**
 * The cheapest route the web server can answer: the floor against which the benchmark
 * measures every page. Also a liveness probe that does not touch the database.
 */
export const loader = () =>
  new Response("pong", {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
