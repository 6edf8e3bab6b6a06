/**
 * Registers the service worker (SPEC-3 §6) from the page's JavaScript only, so with JavaScript off
 * nothing changes. Production builds only (`npm run dev` has no sw.js).
 */
export function registerServiceWorker() {
  if (!("serviceWorker" in navigator)) return;
  // Offline, a link loads its whole document, which the worker answers from what it kept, instead
  // of Remix fetching the next page's data, which cannot arrive.
  window.addEventListener(
    "click",
    (e) => {
      if (navigator.onLine || !(e.target instanceof Element)) return;
      const link = e.target.closest("a[href]");
      if (link instanceof HTMLAnchorElement && link.origin === location.origin && !link.target)
        e.stopPropagation();
    },
    true,
  );
  const firstVisit = !navigator.serviceWorker.controller;
  const start = async () => {
    await navigator.serviceWorker.register("/sw.js", { scope: "/" });
    if (!firstVisit) return;
    // The page and its scripts were loaded before the worker was there: ask it to keep them now
    // (Workbox's CACHE_URLS message), as if they had come through it.
    const { active } = await navigator.serviceWorker.ready;
    const scripts = performance
      .getEntriesByType("resource")
      .map((r) => r.name)
      .filter((url) => url.startsWith(`${location.origin}/assets/`));
    active?.postMessage({
      type: "CACHE_URLS",
      payload: { urlsToCache: [[location.href, { headers: { Accept: "text/html" } }], ...scripts] },
    });
  };
  // After the page's own loading: the worker's install never competes with it.
  if (document.readyState === "complete") void start();
  else window.addEventListener("load", () => void start());
}
