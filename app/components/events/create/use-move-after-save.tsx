import { useNavigate } from "@remix-run/react";
import { useEffect } from "react";
import { useHydrated } from "#app/utils/use-hydrated";

export const MOVE_DELAY_MS = 2000;

/** Goes to `next` 2 s after a save answered it (JavaScript only; without it the server redirects). */
export function useMoveAfterSave(next: string | null | undefined) {
  const navigate = useNavigate();
  useEffect(() => {
    if (!next) return;
    const timer = setTimeout(() => navigate(next), MOVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [next, navigate]);
}

/** Tells the action that this browser runs JavaScript, so it may answer with a delayed move. */
export function JsMarker() {
  const hydrated = useHydrated();
  return hydrated ? <input type="hidden" name="_js" value="1" /> : null;
}
