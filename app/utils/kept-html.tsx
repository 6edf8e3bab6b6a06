import { createContext, type ReactNode, useContext } from "react";

/** Where the HTML is kept: one per server process (kept-html.server.ts). */
export interface KeptHtmlStore {
  get(key: string): string | undefined;
  set(key: string, html: string): void;
}

/**
 * The HTML of `children` for the key `keyOf()` and the page's address: found kept, else rendered
 * apart and kept.
 */
export type KeepHtml = (keyOf: () => string, children: ReactNode) => string;

/**
 * The server's keeper (kept-item.server.tsx), handed in by entry.server.tsx. It is a hook: it
 * reads the router's contexts where it is used, for the render apart. The browser has the default,
 * which keeps nothing, and so carries none of the server's code.
 */
export const KeptHtmlContext = createContext<() => KeepHtml | null>(() => null);

/**
 * Kept HTML (issue 30): the content of an element that is a pure function of its key (`keyOf()`).
 * On the server it is rendered once per process and its HTML used again for the same key, so a
 * list of 20 event cards costs one lookup instead of 20 renders; the element takes it as
 * `dangerouslySetInnerHTML`. The HTML is React's own render of the same children, so the browser
 * hydrates it as if it had been rendered in place. In the browser, and without a key, the element
 * takes its `children` as usual:
 *
 *     <ul className={s.cards} {...useKeptContent(() => key, cards.map((c) => <li …>…</li>))} />
 *
 * The key must name everything the children render from (their props, the page's clock); the
 * keeper adds the page's address, where their forms post. A key that misses an input would show
 * one viewer's HTML to another.
 */
export function useKeptContent(
  keyOf: (() => string) | undefined,
  children: ReactNode,
): { children: ReactNode } | { dangerouslySetInnerHTML: { __html: string } } {
  const useKeeper = useContext(KeptHtmlContext);
  const keep = useKeeper();
  if (!keep || !keyOf) return { children };
  return { dangerouslySetInnerHTML: { __html: keep(keyOf, children) } };
}

const frozenJson = new WeakMap<object, string>();

/**
 * `JSON.stringify(value)` for a kept element's key. A frozen object (an API answer shared between
 * pages, api-shared.server.ts) cannot change, so its JSON is made once and found again by the
 * object: a list of 20 cards' key is then 20 lookups instead of 20 stringifications.
 */
export function keyJson(value: unknown): string {
  if (typeof value !== "object" || value === null || !Object.isFrozen(value)) {
    return JSON.stringify(value);
  }
  let json = frozenJson.get(value);
  if (json === undefined) {
    json = JSON.stringify(value);
    frozenJson.set(value, json);
  }
  return json;
}
