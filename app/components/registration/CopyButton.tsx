import { useEffect, useRef, useState } from "react";
import { COPIED_MS } from "#app/components/events/ShareButton";
import { button } from "#app/styles/recipes.css";

/**
 * Copies a text (a team code, a share link) and reads 'Copied' for 2 s. Without JavaScript it is
 * not shown: the text beside it can be selected (it selects whole on a tap).
 */
export function CopyButton({
  text,
  label,
  testId,
}: {
  text: string;
  label: string;
  testId?: string;
}) {
  const [ready, setReady] = useState(false);
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  useEffect(() => {
    setReady(true);
    return () => clearTimeout(timer.current);
  }, []);
  if (!ready) return null;
  async function onClick() {
    const value = text.startsWith("/") ? new URL(text, window.location.origin).href : text;
    await navigator.clipboard?.writeText(value).catch(() => undefined);
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), COPIED_MS);
  }
  return (
    <button
      type="button"
      onClick={onClick}
      className={button({ tone: "secondary", size: "sm" })}
      aria-live="polite"
      data-testid={testId}
    >
      {copied ? "Copied" : label}
    </button>
  );
}
