import { useEffect, useRef, useState } from "react";
import { button } from "#app/styles/recipes.css";

export const COPIED_MS = 2000;

/**
 * Share an event: the phone's share sheet where there is one, else a copy button that reads
 * 'Copied' for 2 s. Without JavaScript it is a plain link to the event, to copy or long-press.
 */
export function ShareButton({ path, title }: { path: string; title: string }) {
  const [mode, setMode] = useState<"link" | "share" | "copy">("link");
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  useEffect(() => {
    setMode(typeof navigator.share === "function" ? "share" : "copy");
    return () => clearTimeout(timer.current);
  }, []);

  if (mode === "link") {
    return (
      <a href={path} className={button({ tone: "secondary", size: "sm" })} data-testid="share">
        Link to this event
      </a>
    );
  }

  async function onClick() {
    const url = new URL(path, window.location.origin).href;
    if (mode === "share") {
      // Dismissing the share sheet rejects; that is not an error worth showing.
      await navigator.share({ title, text: `${title} on Utsav`, url }).catch(() => undefined);
      return;
    }
    try {
      await navigator.clipboard.writeText(url);
    } catch {
      fallbackCopy(url);
    }
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), COPIED_MS);
  }

  return (
    <button
      type="button"
      onClick={onClick}
      className={button({ tone: "secondary", size: "sm" })}
      data-testid="share"
      aria-live="polite"
    >
      {mode === "share" ? "Share" : copied ? "Copied" : "Copy link"}
    </button>
  );
}

/** Older browsers and plain-http pages have no async clipboard. */
function fallbackCopy(text: string) {
  const input = document.createElement("textarea");
  input.value = text;
  input.setAttribute("readonly", "");
  input.style.position = "fixed";
  input.style.opacity = "0";
  document.body.appendChild(input);
  input.select();
  document.execCommand("copy");
  input.remove();
}
