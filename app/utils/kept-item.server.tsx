import { useContext } from "react";
import { renderToString } from "react-dom/server";
import {
  UNSAFE_DataRouterContext as DataRouterContext,
  UNSAFE_DataRouterStateContext as DataRouterStateContext,
  UNSAFE_FetchersContext as FetchersContext,
  UNSAFE_LocationContext as LocationContext,
  UNSAFE_NavigationContext as NavigationContext,
  UNSAFE_RouteContext as RouteContext,
} from "react-router-dom";
import type { KeptHtmlStore, KeptItemProps } from "./kept-html";

/**
 * The list item of kept-html.tsx as the server renders it, keeping its HTML in `store`: found
 * there for its key, or rendered apart with `renderToString` (React's own markup, so the browser
 * hydrates it as usual) and kept.
 */
export function keptListItemFor(store: KeptHtmlStore) {
  return function KeptListItemOnServer({ keyOf, className, children }: KeptItemProps) {
    // The router's contexts, handed on to the separate render: a card's link and Save form read
    // them.
    const dataRouter = useContext(DataRouterContext);
    const dataRouterState = useContext(DataRouterStateContext);
    const fetchers = useContext(FetchersContext);
    const navigation = useContext(NavigationContext);
    const location = useContext(LocationContext);
    const route = useContext(RouteContext);
    const cacheKey = keyOf();
    let html = store.get(cacheKey);
    if (html === undefined) {
      html = renderToString(
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
      store.set(cacheKey, html);
    }
    // React's own render of these children, made above or for the same key before.
    return <li className={className} dangerouslySetInnerHTML={{ __html: html }} />;
  };
}
