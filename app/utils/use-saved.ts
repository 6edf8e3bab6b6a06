import { useRouteLoaderData } from "@remix-run/react";

/**
 * The event numbers the signed-in visitor saved, from the public layout's loader (empty for a
 * visitor, so a page rendered for nobody in particular, the one the page cache keeps, holds no
 * one's state). Undefined outside the public layout.
 */
export function useSavedEvents(): Set<string> | undefined {
  const layout = useRouteLoaderData<{ saved?: string[] }>("routes/_public");
  return layout?.saved ? new Set(layout.saved) : undefined;
}
