import { useFetcher, useLocation } from "@remix-run/react";
import { BookmarkIcon } from "#app/components/Icons";
import * as s from "./SaveButton.css";

/**
 * The Save toggle (SPEC-2 §3): a real form, so it works without JavaScript (the action sends the
 * browser back where it was); with JavaScript a fetcher posts it and the page stays where it is,
 * showing the new state at once. Signed out, the action sends the visitor to log in and back.
 *
 * A plain <form> whose submit hands its fields to `fetcher.submit`, as `fetcher.Form` would, with
 * `fetch=1` added: the toggle sits on every card of a list, and `fetcher.Form` renders through a
 * dozen router hooks (it resolves its action against the route matches) on the server for each,
 * and a hydration flag re-rendered every toggle once the page came alive (issue 30).
 */
export function SaveButton({
  eventNumber,
  eventName,
  saved,
  compact = false,
}: {
  eventNumber: string;
  eventName: string | null;
  saved: boolean;
  compact?: boolean;
}) {
  const fetcher = useFetcher<{ saved: boolean }>();
  const location = useLocation();
  const pending = fetcher.formData?.get("intent");
  const isSaved = pending ? pending === "save" : (fetcher.data?.saved ?? saved);
  const name = eventName ?? "this event";
  const action = `/event/${eventNumber}/save`;
  return (
    <form
      method="post"
      action={action}
      onSubmit={(event) => {
        event.preventDefault();
        // Only sent with JavaScript: the action then answers data instead of a redirect.
        const form = new FormData(event.currentTarget);
        form.set("fetch", "1");
        fetcher.submit(form, { method: "post", action });
      }}
      className={s.form}
      id={`save-${eventNumber}`}
    >
      <input type="hidden" name="intent" value={isSaved ? "unsave" : "save"} />
      <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
      <button
        type="submit"
        aria-pressed={isSaved}
        aria-label={compact ? (isSaved ? `Saved: ${name}` : `Save ${name}`) : undefined}
        title={isSaved ? "Remove from saved events" : "Save this event"}
        className={s.toggle({ size: compact ? "icon" : "label" })}
        data-testid="save-toggle"
      >
        <BookmarkIcon filled={isSaved} className={s.icon} />
        {compact ? null : isSaved ? "Saved" : "Save"}
      </button>
    </form>
  );
}
