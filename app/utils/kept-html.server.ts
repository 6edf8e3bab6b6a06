import type { KeptHtmlStore } from "./kept-html";

/**
 * The kept HTML of this process (kept-html.tsx): the latest `maxEntries` items by use, the least
 * recently used going first. One per server, made where the load context is composed (server.ts)
 * and reached as `context.keptHtml`. Nothing in it can be stale or another process's concern: an
 * entry is a pure function of its key, so each process may keep its own.
 */
export function createKeptHtmlStore(maxEntries = 2_000): KeptHtmlStore {
  const kept = new Map<string, string>();
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
      kept.delete(key);
      kept.set(key, html);
      if (kept.size > maxEntries) kept.delete(kept.keys().next().value as string);
    },
  };
}
