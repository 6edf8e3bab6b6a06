import { clientsClaim } from "workbox-core";
import { ExpirationPlugin } from "workbox-expiration";
import {
  addPlugins,
  cleanupOutdatedCaches,
  type PrecacheEntry,
  precacheAndRoute,
} from "workbox-precaching";
import { registerRoute } from "workbox-routing";
import { CacheFirst, NetworkFirst } from "workbox-strategies";
import { forgetAfter, isPage, keepPages, PAGES, changesSession } from "./kept-pages";

/**
 * Utsav's service worker (SPEC-3 §6), built with Workbox by `scripts/build-sw.mjs` into
 * BUILD_DIR/client/sw.js. Pages go to the network first and are never shown stale while online;
 * offline, the pages `kept-pages.ts` keeps open from the cache and any other page is the offline
 * page with links to them. Signing out (or in) empties what was kept.
 */
declare let self: ServiceWorkerGlobalScope;
/** The app shell, listed by the build: the offline page, the stylesheet, the entry and root scripts, icons. */
declare const __PRECACHE__: PrecacheEntry[];

self.skipWaiting();
clientsClaim();
cleanupOutdatedCaches();
// The shell is the same for everyone: fetched without cookies, so no one's session or one-shot
// message (the toast cookie) is baked into the kept offline page.
addPlugins([
  { requestWillFetch: async ({ request }) => new Request(request, { credentials: "omit" }) },
]);
precacheAndRoute(__PRECACHE__);

// Logging out (however: the page's form, with or without JavaScript, or the API's GET) or a new
// sign-in empties what was kept for the user before.
for (const method of ["GET", "POST"] as const) registerRoute(changesSession, forgetAfter, method);

// Scripts, styles and the decoder's WASM carry their content's hash in the name: kept once loaded,
// so a kept page still starts (and the check-in page still scans) offline.
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith("/assets/"),
  new CacheFirst({
    cacheName: "utsav-assets",
    plugins: [new ExpirationPlugin({ maxEntries: 400, purgeOnQuotaError: true })],
  }),
);

registerRoute(isPage, new NetworkFirst({ cacheName: PAGES, plugins: [keepPages] }));
