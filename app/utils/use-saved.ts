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

/** The numbers of the published events the signed-in visitor may edit (owner, admin), likewise. */
export function useEditableEvents(): Set<string> | undefined {
  const layout = useRouteLoaderData<{ editable?: string[] }>("routes/_public");
  return layout?.editable ? new Set(layout.editable) : undefined;
}
