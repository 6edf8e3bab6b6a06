import { useEffect, useRef, useState } from "react";

/** How long a copy button reads 'Copied'. */
export const COPIED_MS = 2000;

/**
 * Copies a text to the clipboard (a path as the full address on this site) and answers `copied`,
 * true for COPIED_MS after each copy: the one copy behaviour of ShareButton and CopyButton.
 */
export function useCopy() {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  useEffect(() => () => clearTimeout(timer.current), []);

  async function copy(text: string) {
    const value = text.startsWith("/") ? new URL(text, window.location.origin).href : text;
    try {
      await navigator.clipboard.writeText(value);
    } catch {
      fallbackCopy(value);
    }
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), COPIED_MS);
  }

  return { copied, copy };
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
