import type { MouseEvent } from "react";
import { button, input } from "#app/styles/recipes.css";
import { useCopy } from "#app/utils/use-copy";
import * as s from "./ProfileRecord.css";

/**
 * 'Share profile' (SPEC-4 §5): with JavaScript, the phone's share sheet where there is one, else
 * the address copied ('Link copied'); without it, a link to the page and the address in a field
 * to copy by hand.
 */
export function ShareProfile({ url, name }: { url: string; name: string }) {
  const { copied, copy } = useCopy();

  async function onClick(e: MouseEvent<HTMLAnchorElement>) {
    e.preventDefault();
    if (typeof navigator.share === "function") {
      // Dismissing the share sheet rejects; that is not an error worth showing.
      await navigator
        .share({ title: `${name} on Utsav`, text: `${name} on Utsav`, url })
        .catch(() => undefined);
      return;
    }
    await copy(url);
  }

  return (
    <div className={s.share}>
      <a
        href={url}
        onClick={onClick}
        className={button({ block: true })}
        data-testid="share-profile"
        aria-live="polite"
      >
        {copied ? "Link copied" : "Share profile"}
      </a>
      <label htmlFor="profile-url" className={s.shareLabel}>
        Profile link
      </label>
      <input
        id="profile-url"
        readOnly
        value={url}
        className={`${input()} ${s.shareUrl}`}
        data-testid="profile-url"
      />
    </div>
  );
}
