import { useEffect, useState } from "react";

/** "12:34" left until `until`, counting down each second; rendered only with JavaScript. */
export function Countdown({ until }: { until: string }) {
  const [now, setNow] = useState<number | null>(null);
  useEffect(() => {
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  if (now === null) return null;
  const left = Math.max(0, Math.floor((Date.parse(until) - now) / 1000));
  const h = Math.floor(left / 3600);
  const m = Math.floor((left % 3600) / 60);
  const sec = String(left % 60).padStart(2, "0");
  const text = h ? `${h}:${String(m).padStart(2, "0")}:${sec}` : `${m}:${sec}`;
  return (
    <span data-testid="countdown" aria-live="off">
      {left ? ` · ${text} left` : " · time is up"}
    </span>
  );
}
