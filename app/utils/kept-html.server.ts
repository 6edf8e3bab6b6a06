import type { AppLoadContext } from "@remix-run/node";
import type { KeptHtmlStore } from "./kept-html";

/**
 * The kept HTML of this process (kept-html.tsx): the latest items by use, up to `maxChars`
 * characters of keys and HTML together (a card is ~2,000, an event page's view ~20,000), the
 * least recently used going first. One per server,
 * made where the load context is composed (server.ts) and reached as `context.keptHtml`. Nothing
 * in it can be stale or another process's concern: an entry is a pure function of its key, so
 * each process may keep its own.
 */
export function createKeptHtmlStore(maxChars = 8_000_000): KeptHtmlStore {
  const kept = new Map<string, string>();
  let chars = 0;
  const drop = (key: string) => {
    const html = kept.get(key);
    if (html === undefined) return;
    kept.delete(key);
    chars -= key.length + html.length;
  };
  return {
    get(key) {
      const html = kept.get(key);
      if (html !== undefined) {
        // Used again: to the back of the line.
        kept.delete(key);
        kept.set(key, html);
      }
      return html;
    },
    set(key, html) {
      drop(key);
      kept.set(key, html);
      chars += key.length + html.length;
      while (chars > maxChars && kept.size > 1) drop(kept.keys().next().value as string);
    },
  };
}

/**
 * The clock a page renders by: now, floored to the page cache's window (PAGE_CACHE_SECONDS). An
 * anonymous page is kept whole that long, so any page may show the time as of the window's start;
 * in return, what a page renders from the clock (time left, a round open or not yet) stays the
 * same across the window, and its kept HTML can be used again. The API's own answers (registration
 * open or closed) read the real clock.
 */
export function pageNow(context: Pick<AppLoadContext, "config">): Date {
  const windowMs = (context.config?.pageCacheSeconds ?? 0) * 1000;
  const now = Date.now();
  return new Date(windowMs > 0 ? now - (now % windowMs) : now);
}
