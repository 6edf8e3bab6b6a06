import { useEffect, useRef, useState } from "react";

/**
 * Milliseconds left until `deadline` by the server's clock: the page's `serverNow` fixes the
 * offset between the two clocks once, so a wrong device clock changes nothing. Calls `onZero`
 * once when it reaches zero.
 */
export function useCountdown(deadline: string, serverNow: string, onZero: () => void) {
  const offset = useRef<number | null>(null);
  const fired = useRef(false);
  const zero = useRef(onZero);
  zero.current = onZero;
  const [left, setLeft] = useState(() => Date.parse(deadline) - Date.parse(serverNow));
  useEffect(() => {
    offset.current ??= Date.parse(serverNow) - Date.now();
    const tick = () => {
      const ms = Math.max(0, Date.parse(deadline) - (Date.now() + (offset.current ?? 0)));
      setLeft(ms);
      if (ms === 0 && !fired.current) {
        fired.current = true;
        zero.current();
      }
    };
    tick();
    const id = setInterval(tick, 250);
    return () => clearInterval(id);
  }, [deadline, serverNow]);
  return left;
}

/** "04:59", or "1:04:59" past an hour. */
export function formatLeft(ms: number): string {
  const total = Math.ceil(ms / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const mm = String(m).padStart(2, "0");
  const ss = String(s).padStart(2, "0");
  return h ? `${h}:${mm}:${ss}` : `${mm}:${ss}`;
}
