import { matchPrecache } from "workbox-precaching";
import type { RouteHandlerCallback, RouteMatchCallback, WorkboxPlugin } from "workbox-core/types";
import { forgetLists } from "#app/components/check-in/offline-store";
import { PRODUCT_NAME } from "#app/utils/product";

declare let self: ServiceWorkerGlobalScope;

/** The cache of the signed-in user's pages kept for offline use; emptied at logout. */
export const PAGES = "utsav-pages";

/** SPEC-3 §6: their tickets, /my/registrations, /my/saved, and a volunteer's check-in page. */
const ALWAYS_KEPT = [
  /^\/event\/\d+\/ticket$/,
  /^\/my\/registrations$/,
  /^\/my\/saved$/,
  /^\/my\/event\/\d+\/check-in$/,
];
/** ...and the pages of the events those two lists show. */
const LISTS = ["/my/registrations", "/my/saved"];
const EVENT_PAGE = /^\/event\/(\d+)$/;

/** A document of this app: a navigation, or the page asked again for the cache (`CACHE_URLS`). */
export const isPage: RouteMatchCallback = ({ url, request, sameOrigin }) =>
  sameOrigin &&
  !url.pathname.startsWith("/api/") &&
  !url.pathname.startsWith("/assets/") &&
  !url.pathname.endsWith(".data") &&
  (request.mode === "navigate" || !!request.headers.get("accept")?.includes("text/html"));

/** The requests that end a session or start another one. */
export const changesSession: RouteMatchCallback = ({ url, request, sameOrigin }) => {
  if (!sameOrigin) return false;
  const path = url.pathname.replace(/\/$/, "");
  if (/^\/(logout(\.data)?|api\/v1\/user\/logout|login-with-google)$/.test(path)) return true;
  return request.method === "POST" && /^\/(login(\.data)?|api\/v1\/user\/login)$/.test(path);
};

/** Once the server has answered (offline, nothing changed), the kept pages and check-in lists go. */
export const forgetAfter: RouteHandlerCallback = async ({ request }) => {
  const response = await fetch(request);
  await Promise.all([caches.delete(PAGES), forgetLists()]);
  return response;
};

async function listedEvents(): Promise<Set<string>> {
  const cache = await caches.open(PAGES);
  const numbers = new Set<string>();
  for (const list of LISTS) {
    for (const page of await cache.matchAll(list, { ignoreSearch: true })) {
      for (const m of (await page.text()).matchAll(/href="\/event\/(\d+)"/g)) numbers.add(m[1]);
    }
  }
  return numbers;
}

async function isKept(url: URL): Promise<boolean> {
  const path = url.pathname.replace(/(.)\/$/, "$1");
  if (ALWAYS_KEPT.some((p) => p.test(path))) return true;
  const event = EVENT_PAGE.exec(path)?.[1];
  return !!event && (await listedEvents()).has(event);
}

/** Network first; a page is kept when it is one of the above and answered 200. */
export const keepPages: WorkboxPlugin = {
  cacheWillUpdate: async ({ request, response }) =>
    response.status === 200 && !response.redirected && (await isKept(new URL(request.url)))
      ? response
      : null,
  // A kept page that now answers otherwise (a cancelled ticket, a session gone) is not kept.
  fetchDidSucceed: async ({ request, response }) => {
    if (response.status !== 200 || response.redirected)
      await (await caches.open(PAGES)).delete(request.url);
    return response;
  },
  handlerDidError: () => offlinePage(),
};

const escapeAttribute = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");

/** Links to the kept pages, named by their titles (already escaped HTML in the kept page). */
async function keptLinks(): Promise<string[]> {
  const cache = await caches.open(PAGES);
  const links: string[] = [];
  for (const request of await cache.keys()) {
    const url = new URL(request.url);
    const html = (await (await cache.match(request))?.text()) ?? "";
    const title = /<title>([^<]*)<\/title>/.exec(html)?.[1]?.replace(` - ${PRODUCT_NAME}`, "");
    const href = escapeAttribute(url.pathname + url.search);
    links.push(`<li><a href="${href}">${title || escapeAttribute(url.pathname)}</a></li>`);
  }
  return links;
}

/** The offline page kept at install, with the kept pages listed in place of its placeholder. */
async function offlinePage(): Promise<Response> {
  const shell = await matchPrecache("/offline");
  if (!shell) return Response.error();
  const links = await keptLinks();
  let html = await shell.text();
  if (links.length)
    html = html.replace(
      /(<ul[^>]* data-kept=""[^>]*>)[\s\S]*?<\/ul>/,
      (_m, open: string) => `${open}${links.join("")}</ul>`,
    );
  return new Response(html, { status: 503, statusText: "Offline", headers: shell.headers });
}
