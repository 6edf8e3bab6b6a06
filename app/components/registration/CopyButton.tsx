import { useEffect, useState } from "react";
import { button } from "#app/styles/recipes.css";
import { useCopy } from "#app/utils/use-copy";

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
  const { copied, copy } = useCopy();
  useEffect(() => setReady(true), []);
  if (!ready) return null;
  return (
    <button
      type="button"
      onClick={() => copy(text)}
      className={button({ tone: "secondary", size: "sm" })}
      aria-live="polite"
      data-testid={testId}
    >
      {copied ? "Copied" : label}
    </button>
  );
}
