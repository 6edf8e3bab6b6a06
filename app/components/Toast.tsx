import { useEffect, useId, useState } from "react";
import type { Toast as ToastData } from "#app/utils/toast";
import * as s from "./Toast.css";

export const TOAST_LIFE_MS = 3000;

/**
 * The green success toast and the red error banner share one component: 3 s life with a
 * shrinking bar, closable. Without JavaScript, CSS runs the timer and a checkbox closes it.
 */
export function Toast({ toast }: { toast: ToastData | null }) {
  const id = useId();
  const [visible, setVisible] = useState<ToastData | null>(toast);
  useEffect(() => {
    setVisible(toast);
    if (!toast) return;
    const timer = setTimeout(() => setVisible(null), TOAST_LIFE_MS);
    return () => clearTimeout(timer);
  }, [toast]);
  if (!visible) return null;
  return (
    <div className={s.region} aria-live={visible.type === "error" ? "assertive" : "polite"}>
      <input type="checkbox" id={id} className={s.closeToggle} aria-hidden="true" tabIndex={-1} />
      <div
        className={s.toast({ type: visible.type })}
        role={visible.type === "error" ? "alert" : "status"}
        data-testid="toast"
      >
        <p className={s.message}>{visible.message}</p>
        {/* biome-ignore lint/a11y/useKeyWithClickEvents: the label closes the toast through its checkbox without JavaScript; the click only hides it at once */}
        <label
          htmlFor={id}
          className={s.close}
          aria-label="Close"
          onClick={(e) => {
            e.preventDefault();
            setVisible(null);
          }}
        >
          ×
        </label>
        <span className={s.progress} aria-hidden="true" />
      </div>
    </div>
  );
}
