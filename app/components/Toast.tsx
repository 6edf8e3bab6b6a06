import { useEffect, useId, useMemo, useState } from "react";
import type { Toast as ToastData } from "#app/utils/toast";
import * as s from "./Toast.css";

export const TOAST_LIFE_MS = 3000;

/**
 * The green success toast and the red error banner share one component: 3 s life with a
 * shrinking bar, closable. Without JavaScript, CSS runs the timer and a checkbox closes it.
 */
export function Toast({ toast, messageId }: { toast: ToastData | null; messageId?: string }) {
  const id = useId();
  const [visible, setVisible] = useState<ToastData | null>(toast);
  // Each new toast is a new element, so its CSS timer and bar start again from full.
  const [serial, setSerial] = useState(0);
  useEffect(() => {
    setVisible(toast);
    if (!toast) return;
    setSerial((n) => n + 1);
    const timer = setTimeout(() => setVisible(null), TOAST_LIFE_MS);
    return () => clearTimeout(timer);
  }, [toast]);
  if (!visible) return null;
  return (
    <div
      key={serial}
      className={s.region}
      aria-live={visible.type === "error" ? "assertive" : "polite"}
    >
      <input type="checkbox" id={id} className={s.closeToggle} aria-hidden="true" tabIndex={-1} />
      <div
        className={s.toast({ type: visible.type })}
        role={visible.type === "error" ? "alert" : "status"}
        data-testid="toast"
      >
        <p className={s.message} id={messageId}>
          {visible.message}
        </p>
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

/**
 * A form's refusal by the server (Conform's form-level errors: wrong password, a step that cannot
 * be published, …) as the red banner of SPEC §4. Field errors stay under their fields. The form's
 * `errorId` goes on the message, so `aria-describedby` still points at it.
 */
export function FormErrorToast({ errors, id }: { errors?: string[] | null; id?: string }) {
  const message = errors?.[0];
  // A new answer is a new array, even with the same words: the banner shows again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: errors (its identity) is the trigger
  const toast = useMemo<ToastData | null>(
    () => (message ? { type: "error", message } : null),
    [errors],
  );
  return <Toast toast={toast} messageId={id} />;
}
