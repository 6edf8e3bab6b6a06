import { randomBytes } from "node:crypto";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { serve } from "@hono/node-server";
import { getConnInfo } from "@hono/node-server/conninfo";
import { serveStatic } from "@hono/node-server/serve-static";
import { createRequestHandler, type ServerBuild } from "@remix-run/node";
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { compress } from "hono/compress";
import { loadDotEnv, readConfig } from "./server/config";
import { FILE_TOO_LARGE, MAX_UPLOAD_BYTES } from "./server/contracts/constants";
import { createDeps } from "./server/deps";
import { createApi } from "./server/http/app";
import { clientAddress, isCrossSite } from "./server/http/security";
import { createPageCache } from "./server/http/page-cache";
import { pageSecurityHeaders } from "./server/http/page-headers";
import { sessionCookieName } from "./server/http/session";

/**
 * The whole product in one process: static assets, the Remix web app, the /api/v1 backend
 * (dispatched in-process by the web app) and the mail worker. `npm start` runs this.
 */
loadDotEnv();
const config = readConfig({ ...process.env, NODE_ENV: process.env.NODE_ENV ?? "production" });
const buildDir = path.resolve(process.env.BUILD_DIR ?? "build");
const build = (await import(
  pathToFileURL(path.join(buildDir, "server/index.js")).href
)) as ServerBuild;
const { deps, close } = await createDeps(config);
const api = createApi(deps);
const handleRemix = createRequestHandler(build, "production");
const pageCache = createPageCache({ ttlMs: config.pageCacheSeconds * 1000 });

const app = new Hono<{ Variables: { nonce: string } }>();

app.use(async (c, next) => {
  const nonce = randomBytes(16).toString("base64");
  c.set("nonce", nonce);
  if (isCrossSite(c.req.raw, config)) {
    c.res = new Response("Cross-site request refused", { status: 403 });
  } else {
    await next();
  }
  // API responses carry their own, stricter headers; pages and assets get the page policy.
  if (!c.req.path.startsWith("/api/")) {
    for (const [k, v] of Object.entries(pageSecurityHeaders(config, nonce)))
      c.res.headers.set(k, v);
  }
});

// Page actions read their whole form (request.formData()): bound the body as the API does, counted
// while it streams, so a huge POST to any page is refused instead of buffered.
app.use(
  bodyLimit({
    maxSize: MAX_UPLOAD_BYTES + 512 * 1024,
    onError: (c) => c.text(FILE_TOO_LARGE, 413),
  }),
);

// Page actions read forms only (request.formData()). A body that is not a form, or does not parse
// as one, is the client's mistake: 400 here rather than a 500 thrown inside whichever action.
const WRITE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);
app.use(async (c, next) => {
  if (!WRITE_METHODS.has(c.req.method) || c.req.path.startsWith("/api/")) return next();
  let isForm = /^(application\/x-www-form-urlencoded|multipart\/form-data)/i.test(
    c.req.header("content-type") ?? "",
  );
  if (isForm) {
    try {
      await c.req.raw.clone().formData();
    } catch {
      isForm = false;
    }
  }
  return isForm ? next() : c.text("Bad Request", 400);
});

// Slow mobile networks: gzip text responses (HTML, JS, CSS, JSON) when the browser accepts it.
app.use(compress({ encoding: "gzip", threshold: 1024 }));

app.use(
  "/assets/*",
  serveStatic({
    root: path.relative(process.cwd(), path.join(buildDir, "client")),
    onFound: (_p, c) => {
      c.header("Cache-Control", "public, max-age=31536000, immutable");
    },
  }),
);
app.use(
  "*",
  serveStatic({
    root: path.relative(process.cwd(), path.join(buildDir, "client")),
    onFound: (_p, c) => {
      c.header("Cache-Control", "public, max-age=3600");
    },
  }),
);
app.all("*", async (c) => {
  const nonce = c.get("nonce");
  const cached = pageCache.get(c.req.raw, nonce);
  if (cached) return cached;
  const clientIp = clientAddress(
    getConnInfo(c).remote.address,
    c.req.header("x-forwarded-for"),
    config.trustProxy,
  );
  let response = await handleRemix(c.req.raw, {
    api,
    cspNonce: nonce,
    clientIp,
    config: publicConfig(),
  });
  // A page rendered for a signed-in user is theirs alone: no shared or browser cache keeps it.
  if (
    c.req.header("cookie")?.includes(`${sessionCookieName(config)}=`) &&
    !response.headers.has("cache-control")
  ) {
    response = new Response(response.body, response);
    response.headers.set("Cache-Control", "private, no-store");
  }
  return pageCache.put(c.req.raw, response, nonce);
});

function publicConfig() {
  return {
    appUrl: config.appUrl,
    googleEnabled: !!config.google.clientId,
    feedbackFormUrl: config.feedbackFormUrl,
  };
}

const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) => {
  console.log(`Utsav is running on http://localhost:${info.port}`);
});

for (const sig of ["SIGINT", "SIGTERM"] as const) {
  process.on(sig, () => {
    server.close();
    void close().finally(() => process.exit(0));
  });
}
