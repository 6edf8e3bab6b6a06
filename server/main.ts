import { createServer } from "node:http";
import { getRequestListener, type HttpBindings } from "@hono/node-server";
import { getConnInfo } from "@hono/node-server/conninfo";
import { Hono } from "hono";
import { loadDotEnv, readConfig } from "./config";
import { createDeps, toggleViewsOnSignal } from "./deps";
import { createApi } from "./http/app";
import { clientAddress } from "./http/security";
import { countInFlight } from "./http/in-flight";
import { takeTurns } from "./http/take-turns";
import { readSmallJsonFirst, smallJsonBody } from "./http/small-body";
import { yieldPdfsTo } from "./pdf/pool";

/** The backend alone (`npm run start:api`): /api/v1 on PORT (default 3001). */
loadDotEnv();
const config = readConfig({ ...process.env, PORT: process.env.PORT ?? "3001" });
const { deps, close } = await createDeps(config);
const api = createApi(deps);
toggleViewsOnSignal(deps.views);
const app = new Hono<{ Bindings: HttpBindings }>().all("*", (c) => {
  const ip = clientAddress(
    getConnInfo(c).remote.address,
    c.req.header("x-forwarded-for"),
    config.trustProxy,
  );
  return api.fetch(c.req.raw, { clientIp: ip, body: smallJsonBody(c.env.incoming) });
});
// Requests start in the order they came, a few ms of them per turn of the loop (http/take-turns.ts).
const answering = countInFlight(takeTurns(readSmallJsonFirst(getRequestListener(app.fetch))));
// Certificate PDFs made in the background wait while requests are being answered.
yieldPdfsTo(() => answering.inFlight() > 0);
const server = createServer(answering.listener);
server.listen(config.port, config.host, () => {
  console.log(`[api] listening on http://localhost:${config.port}/api/v1`);
});
for (const sig of ["SIGINT", "SIGTERM"] as const) {
  process.on(sig, () => {
    server.close();
    void close().finally(() => process.exit(0));
  });
}
