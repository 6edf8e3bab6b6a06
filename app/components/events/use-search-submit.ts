import { useSubmit } from "@remix-run/react";
import { useCallback, useEffect, useRef } from "react";

/** How long typing pauses before the search runs (both search boxes, SPEC §2: filters as you type). */
export const TEXT_DEBOUNCE_MS = 350;

/**
 * Runs a search from a form's fields (empty ones left out, so no page or selection), replacing
 * the history entry: `now(form)` at once, `soon(form)` once typing pauses. The search page's
 * filters and the top bar's box (on the search page) share it.
 */
export function useSearchSubmit() {
  const submit = useSubmit();
  const timer = useRef<ReturnType<typeof setTimeout>>();
  useEffect(() => () => clearTimeout(timer.current), []);
  const now = useCallback(
    (form: HTMLFormElement) => {
      clearTimeout(timer.current);
      const params = new URLSearchParams();
      for (const [k, v] of new FormData(form)) {
        if (typeof v === "string" && v.trim()) params.set(k, v.trim());
      }
      submit(params, { method: "get", action: "/event/search", replace: true });
    },
    [submit],
  );
  const soon = useCallback(
    (form: HTMLFormElement) => {
      clearTimeout(timer.current);
      timer.current = setTimeout(() => now(form), TEXT_DEBOUNCE_MS);
    },
    [now],
  );
  return { now, soon };
}
