import type { ReactNode } from "react";
import * as s from "./EventsOrEmpty.css";

/**
 * A page's events (search, My Events, Saved): the API's error, then the list (`children`), or
 * `empty` (with its test id) when there are none.
 */
export function EventsOrEmpty({
  error,
  count,
  empty,
  emptyTestId,
  children,
}: {
  error: string | null;
  count: number;
  empty: ReactNode;
  emptyTestId: string;
  children: ReactNode;
}) {
  return (
    <>
      {error ? (
        <p role="alert" className={s.error}>
          {error}
        </p>
      ) : null}
      {count === 0 ? (
        <div className={s.empty} data-testid={emptyTestId}>
          {empty}
        </div>
      ) : (
        children
      )}
    </>
  );
}
