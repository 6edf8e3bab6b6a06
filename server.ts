import { createServer } from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { getRequestListener, type HttpBindings } from "@hono/node-server";
import { getConnInfo } from "@hono/node-server/conninfo";
import { serveStatic } from "@hono/node-server/serve-static";
import { createRequestHandler, type ServerBuild } from "@remix-run/node";
import { type Context, Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { resolveBuildDir } from "./scripts/lib/build-dir.mjs";
import { loadDotEnv, readConfig } from "./server/config";
import { FILE_TOO_LARGE } from "./server/contracts/constants";
import { createDeps, toggleViewsOnSignal } from "./server/deps";
import { createSharedAnswers } from "./app/utils/api-shared.server";
import { createKeptHtmlStore } from "./app/utils/kept-html.server";
import { createApi } from "./server/http/app";
import { clientAddress, isCrossSite } from "./server/http/security";
import { gzip } from "./server/http/compress";
import { countEventPageViews, createPageCache } from "./server/http/page-cache";
import { createNonces, pageSecurityHeaders } from "./server/http/page-headers";
import { publicFilePaths } from "./server/http/public-files";
import {
  BodyTooLargeError,
  isMultipart,
  PAGE_FORM_LIMIT,
  withOversizedFilesDropped,
} from "./server/http/page-forms";
import { sessionCookieName } from "./server/http/session";
import { countInFlight } from "./server/http/in-flight";
import { readSmallJsonFirst, smallJsonBody, WRITE_METHODS } from "./server/http/small-body";
import { logLoopDelay } from "./server/http/loop-delay";
import { takeTurns } from "./server/http/take-turns";
import { yieldPdfsTo } from "./server/pdf/pool";

/**
 * The whole product in one process: static assets, the Remix web app, the /api/v1 backend
 * (dispatched in-process by the web app) and the mail worker.
 *
 * NODE_ENV is the one setting that says "production" (read once into `config.env`):
 * - `npm start` runs this file compiled (`build/node/server.js`) with NODE_ENV=production: the
 *   Remix build from BUILD_DIR, React's production build, Secure cookies and HSTS over HTTPS.
 * - `npm run dev` runs it through tsx with NODE_ENV=development: Vite in middleware mode serves
 *   the app with hot reload and the pages are rendered from Vite's live server build, behind the
 *   same middleware and with the same load context as in production.
 */
loadDotEnv();
process.env.NODE_ENV ??= "production";
const dev = process.env.NODE_ENV === "development";
// The dev server keeps its own default port, so it can run beside `npm start`.
const config = readConfig({ ...process.env, PORT: process.env.PORT ?? (dev ? "5173" : "3000") });
const buildDir = resolveBuildDir();
const { deps, close } = await createDeps(config);
const api = createApi(deps);
toggleViewsOnSignal(deps.views);
if (config.loopDelayLogSeconds > 0) logLoopDelay(config.loopDelayLogSeconds);
// In development a page must show an edit at once: no page cache. A cached event page still
// counts as a view (rendered ones are counted by the API), with the visitor's address.
const pageCache = createPageCache({
  ttlMs: dev ? 0 : config.pageCacheSeconds * 1000,
  securityHeaders: (hashes) => pageSecurityHeaders(config, { hashes }),
  onHit: countEventPageViews(deps.views, (req) =>
    clientAddress(
      req.socket.remoteAddress,
      req.headers["x-forwarded-for"] as string | undefined,
      config.trustProxy,
    ),
  ),
});

// Public API answers (the event lists) shared by signed-in pages for their max-age.
const sharedAnswers = createSharedAnswers();
// The HTML of event cards, kept for their props (kept-html.tsx). Not in development, where the
// code behind a card changes while the process runs.
const keptHtml = dev ? undefined : createKeptHtmlStore();

const app = new Hono<{ Bindings: HttpBindings; Variables: { nonce: string } }>();
const nextNonce = createNonces();

app.use(async (c, next) => {
  const nonce = nextNonce();
  c.set("nonce", nonce);
  if (isCrossSite(c.req.raw, config)) {
    c.res = new Response("Cross-site request refused", { status: 403 });
  } else {
    await next();
  }
  // API responses carry their own, stricter headers; pages and assets get the page policy.
  if (!c.req.path.startsWith("/api/")) {
    const wasm = /\/check-in\/?$/.test(c.req.path);
    for (const [k, v] of Object.entries(pageSecurityHeaders(config, { nonce, wasm })))
      c.res.headers.set(k, v);
  }
});

// Page actions read their whole form (request.formData()): bound the body as the API does, counted
// while it streams, so a huge POST to any page is refused instead of buffered. A multipart form
// over the bound (a file over 10 MB, sent without JavaScript) is read as it streams instead: the
// oversized file is dropped and named, so the page comes back with what was typed and the message.
const pageBodyLimit = bodyLimit({
  maxSize: PAGE_FORM_LIMIT,
  onError: (c) => c.text(FILE_TOO_LARGE, 413),
});
app.use(async (c, next) => {
  // A small JSON body read already (small-body.ts) is in the API's bounds.
  if (smallJsonBody(c.env.incoming)) return next();
  const length = Number(c.req.header("content-length") ?? Number.NaN);
  if (
    c.req.path.startsWith("/api/") ||
    !isMultipart(c.req.raw) ||
    (Number.isFinite(length) && length <= PAGE_FORM_LIMIT)
  )
    return pageBodyLimit(c, next);
  try {
    c.req.raw = await withOversizedFilesDropped(c.req.raw);
  } catch (e) {
    if (e instanceof BodyTooLargeError) return c.text(FILE_TOO_LARGE, 413);
    return c.text("Bad Request", 400);
  }
  return next();
});

// Page actions read forms only (request.formData()). A body that is not a form, or does not parse
// as one, is the client's mistake: 400 here rather than a 500 thrown inside whichever action.
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
app.use(gzip({ threshold: 1024, level: 3 }));

const clientIpOf = (c: Context) =>
  clientAddress(getConnInfo(c).remote.address, c.req.header("x-forwarded-for"), config.trustProxy);

// A browser's call to /api/v1 goes straight to the backend, past the static files and Remix (the
// backend checks cross-site requests and sets its own headers). With API_URL set, the web app's
// resource route forwards it to the separate API server instead.
if (!process.env.API_URL) {
  app.all("/api/*", (c) =>
    api.fetch(c.req.raw, { clientIp: clientIpOf(c), body: smallJsonBody(c.env.incoming) }),
  );
}

// Vite serves the app's modules and public/ itself in development (its hot-reload socket shares
// this server); production serves the build.
const server = createServer();
const vite = dev
  ? await (await import("vite")).createServer({
      appType: "custom",
      // tsx already loads TypeScript: import vite.config.ts as it is, with no temporary bundle
      // for `tsx watch` to trip over.
      configLoader: "native",
      server: { middlewareMode: true, hmr: { server } },
    })
  : null;
if (!vite) {
  const root = path.relative(process.cwd(), path.join(buildDir, "client"));
  app.use(
    "/assets/*",
    serveStatic({
      root,
      onFound: (_p, c) => {
        c.header("Cache-Control", "public, max-age=31536000, immutable");
      },
    }),
  );
  const publicFiles = publicFilePaths(root);
  const servePublic = serveStatic({
    root,
    onFound: (_p, c) => {
      // The service worker (scripts/build-sw.mjs) is checked afresh on every visit, so a new build
      // replaces it at once; it serves the whole origin.
      if (c.req.path === "/sw.js") {
        c.header("Cache-Control", "no-cache");
        c.header("Service-Worker-Allowed", "/");
      } else c.header("Cache-Control", "public, max-age=3600");
    },
  });
  app.use("*", (c, next) => (publicFiles.has(c.req.path) ? servePublic(c, next) : next()));
}

const handleRemix = vite
  ? createRequestHandler(
      () => vite.ssrLoadModule("virtual:remix/server-build") as Promise<ServerBuild>,
      "development",
    )
  : createRequestHandler(
      (await import(pathToFileURL(path.join(buildDir, "server/index.js")).href)) as ServerBuild,
      "production",
    );

app.all("*", async (c) => {
  const nonce = c.get("nonce");
  const clientIp = clientIpOf(c);
  const renderedFrom = Date.now();
  let response = await handleRemix(c.req.raw, {
    api,
    cspNonce: nonce,
    clientIp,
    config: publicConfig(),
    sharedAnswers,
    keptHtml,
    sessionReads: new Map(),
  });
  // A page rendered for a signed-in user is theirs alone: no shared or browser cache keeps it.
  if (
    c.req.header("cookie")?.includes(`${sessionCookieName(config)}=`) &&
    !response.headers.has("cache-control")
  ) {
    response = new Response(response.body, response);
    response.headers.set("Cache-Control", "private, no-store");
  }
  return pageCache.put(c.req.raw, response, nonce, renderedFrom);
});

function publicConfig() {
  return {
    appUrl: config.appUrl,
    googleEnabled: !!config.google.clientId,
    feedbackFormUrl: config.feedbackFormUrl,
    pageCacheSeconds: config.pageCacheSeconds,
  };
}

const handle = readSmallJsonFirst(getRequestListener(app.fetch));
// Everything else is started in the order it came, a few milliseconds of it per turn of the loop.
const answering = countInFlight(
  takeTurns((req, res) => {
    if (vite) vite.middlewares(req, res, () => handle(req, res));
    else void handle(req, res);
  }),
);
// Certificate PDFs made in the background wait while pages and API calls are being answered.
yieldPdfsTo(() => answering.inFlight() > 0);
const render = answering.listener;
server.on("request", (req, res) => {
  // A kept public page is bytes ready to send: answered here, before any middleware (or held
  // while the one request rendering it afresh is under way).
  if (pageCache.serve(req, res, render)) return;
  render(req, res);
});
server.listen(config.port, config.host, () => {
  const mode = dev ? " (development: Vite, hot reload)" : "";
  const mail = config.mailWorker ? "sends mail" : "leaves mail to another process";
  console.log(
    `Utsav is running on http://localhost:${config.port}${mode} (process ${process.pid}, ${mail})`,
  );
});

for (const sig of ["SIGINT", "SIGTERM"] as const) {
  process.on(sig, () => {
    server.close();
    void Promise.all([vite?.close(), close()]).finally(() => process.exit(0));
  });
}
