import { type ReactNode, useContext } from "react";
import { renderToString } from "react-dom/server";
import {
  UNSAFE_DataRouterContext as DataRouterContext,
  UNSAFE_DataRouterStateContext as DataRouterStateContext,
  UNSAFE_FetchersContext as FetchersContext,
  UNSAFE_LocationContext as LocationContext,
  UNSAFE_NavigationContext as NavigationContext,
  UNSAFE_RouteContext as RouteContext,
} from "react-router-dom";
import type { KeepHtml, KeptHtmlStore } from "./kept-html";

/**
 * The keeper of kept-html.tsx on the server, keeping HTML in `store`: found there for its key, or
 * rendered apart with `renderToString` (React's own markup, so the browser hydrates it as usual)
 * and kept.
 */
export function keeperFor(store: KeptHtmlStore) {
  return function useKeeper(): KeepHtml {
    // The router's contexts where the content sits, handed on to the render apart: links, forms
    // and the Save toggle read them.
    const dataRouter = useContext(DataRouterContext);
    const dataRouterState = useContext(DataRouterStateContext);
    const fetchers = useContext(FetchersContext);
    const navigation = useContext(NavigationContext);
    const location = useContext(LocationContext);
    const route = useContext(RouteContext);
    // What is kept depends on the page's address too: a form without an action posts to it.
    const here = `${location.location.pathname}${location.location.search}`;
    return (keyOf: () => string, children: ReactNode) => {
      const key = `${keyOf()}\n${here}`;
      let html = store.get(key);
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
        store.set(key, html);
      }
      return html;
    };
  };
}
