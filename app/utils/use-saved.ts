import { useRouteLoaderData } from "@remix-run/react";

/**
 * The event numbers of the public layout's loader (`GET /my/numbers`): empty for a visitor, so a
 * page rendered for nobody in particular, the one the page cache keeps, holds no one's state.
 * Undefined outside the public layout.
 */
function useLayoutNumbers(which: "saved" | "editable"): Set<string> | undefined {
  const layout = useRouteLoaderData<Partial<Record<typeof which, string[]>>>("routes/_public");
  const numbers = layout?.[which];
  return numbers ? new Set(numbers) : undefined;
}

/** The events the signed-in visitor saved: the Save toggles. */
export const useSavedEvents = () => useLayoutNumbers("saved");

/** The published events the signed-in visitor may edit (owner, admin): search's edit links. */
export const useEditableEvents = () => useLayoutNumbers("editable");
