import { useEffect, useState } from "react";
import { button } from "#app/styles/recipes.css";
import { useCopy } from "#app/utils/use-copy";

/**
 * Share an event: the phone's share sheet where there is one, else a copy button that reads
 * 'Copied' for 2 s. Without JavaScript it is a plain link to the event, to copy or long-press.
 */
export function ShareButton({ path, title }: { path: string; title: string }) {
  const [mode, setMode] = useState<"link" | "share" | "copy">("link");
  const { copied, copy } = useCopy();
  useEffect(() => {
    setMode(typeof navigator.share === "function" ? "share" : "copy");
  }, []);

  if (mode === "link") {
    return (
      <a href={path} className={button({ tone: "secondary", size: "sm" })} data-testid="share">
        Link to this event
      </a>
    );
  }

  async function onClick() {
    if (mode === "copy") return copy(path);
    const url = new URL(path, window.location.origin).href;
    // Dismissing the share sheet rejects; that is not an error worth showing.
    await navigator.share({ title, text: `${title} on Utsav`, url }).catch(() => undefined);
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
