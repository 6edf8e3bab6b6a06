import * as s from "./CheckIn.css";

export type Tone = "good" | "warn" | "bad";
export interface Shown {
  tone: Tone;
  message: string;
}

/** The result of the last scan; with `onClose` it fills the screen until tapped. */
export function ScanBanner({ shown, onClose }: { shown: Shown; onClose?: () => void }) {
  if (onClose)
    return (
      <button
        type="button"
        className={s.result({ tone: shown.tone, full: true })}
        onClick={onClose}
        data-testid="scan-result"
        data-tone={shown.tone}
        aria-live="assertive"
      >
        {shown.message}
      </button>
    );
  return (
    <p
      className={s.result({ tone: shown.tone })}
      role="status"
      data-testid="scan-result"
      data-tone={shown.tone}
    >
      {shown.message}
    </p>
  );
}

/** Green for a check-in, amber for someone already in, red for the rest. */
export function toneOf(status: number, message: string): Tone {
  if (status === 200) return "good";
  return message.startsWith("Already checked in") ? "warn" : "bad";
}
