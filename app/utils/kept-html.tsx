import { createContext, type ReactNode, useContext } from "react";
import {
  UNSAFE_DataRouterContext as DataRouterContext,
  UNSAFE_DataRouterStateContext as DataRouterStateContext,
  UNSAFE_FetchersContext as FetchersContext,
  UNSAFE_LocationContext as LocationContext,
  UNSAFE_NavigationContext as NavigationContext,
  UNSAFE_RouteContext as RouteContext,
} from "react-router-dom";

/** Where the HTML is kept: one per server process (kept-html.server.ts). */
export interface KeptHtmlStore {
  get(key: string): string | undefined;
  set(key: string, html: string): void;
}

export interface KeptHtml {
  store: KeptHtmlStore;
  /** `renderToString`, handed in by entry.server.tsx so no browser bundle carries it. */
  render(node: ReactNode): string;
}

export const KeptHtmlContext = createContext<KeptHtml | null>(null);

/**
 * Kept HTML (issue 30): on the server, a list item whose content is a pure function of its
 * `cacheKey` is rendered once per process and its HTML reused for the same key, so a list of 20
 * event cards costs 20 lookups instead of 20 renders. The HTML is React's own render of the same
 * children, so the browser hydrates it as if it had been rendered in place; in the browser (no
 * store) the item renders its children as usual.
 *
 * The key must name everything the children render from (props, the address, the time-left
 * text): a key that misses an input would show one viewer's HTML to another.
 */
export function KeptListItem({
  cacheKey,
  className,
  children,
}: {
  cacheKey: string;
  className?: string;
  children: ReactNode;
}) {
  const kept = useContext(KeptHtmlContext);
  // The router's contexts, handed on to the separate render: a card's link and Save form read them.
  const dataRouter = useContext(DataRouterContext);
  const dataRouterState = useContext(DataRouterStateContext);
  const fetchers = useContext(FetchersContext);
  const navigation = useContext(NavigationContext);
  const location = useContext(LocationContext);
  const route = useContext(RouteContext);
  if (!kept) return <li className={className}>{children}</li>;
  let html = kept.store.get(cacheKey);
  if (html === undefined) {
    html = kept.render(
      <DataRouterContext.Provider value={dataRouter}>
        <DataRouterStateContext.Provider value={dataRouterState}>
          <FetchersContext.Provider value={fetchers}>
            <NavigationContext.Provider value={navigation}>
              <LocationContext.Provider value={location}>
                <RouteContext.Provider value={route}>{children}</RouteContext.Provider>
              </LocationContext.Provider>
            </NavigationContext.Provider>
          </FetchersContext.Provider>
        </DataRouterStateContext.Provider>
      </DataRouterContext.Provider>,
    );
    kept.store.set(cacheKey, html);
  }
  // React's own render of these children, made above or for the same key before.
  return <li className={className} dangerouslySetInnerHTML={{ __html: html }} />;
}
