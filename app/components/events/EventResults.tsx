import type { ReactNode } from "react";
import type { Announcement, Results } from "#server/contracts/organiser";
import { formatDateTimeIST } from "#app/utils/dates";
import * as s from "./EventResults.css";

/** The organiser's updates on the event page, newest first, as plain text. */
export function UpdatesList({
  updates,
  extra,
}: {
  updates: Announcement[];
  /** The organiser's part of each update (who it went to, Edit, Delete), or its edit form. */
  extra?: (u: Announcement) => { after?: ReactNode; instead?: ReactNode };
}) {
  return (
    <ol className={s.updates}>
      {updates.map((u) => (
        <li key={u._id} id={`update-${u._id}`} className={s.update} data-testid="update">
          {extra?.(u).instead ?? (
            <>
              <h3 className={s.updateTitle}>{u.title}</h3>
              <time dateTime={u.createdAt} className={s.updateTime}>
                {formatDateTimeIST(u.createdAt)}
                {u.editedAt ? " · edited" : ""}
              </time>
              <p className={s.updateText}>{u.message}</p>
              {extra?.(u).after}
            </>
          )}
        </li>
      ))}
    </ol>
  );
}

/** Under a round with results: who advanced (team names, or first name, initial and college). */
export function AdvancedFrom({ results, index }: { results?: Results; index: number }) {
  const round = results?.rounds.find((r) => r.index === index);
  if (!round) return null;
  return (
    <div className={s.advanced} data-testid="advanced">
      <span className={s.advancedLabel}>
        {round.advancing.length === 0 ? "Results are out" : `Advanced (${round.advancing.length})`}
      </span>
      {round.advancing.length > 0 ? (
        <ul className={s.names}>
          {round.advancing.map((e) => (
            <li key={e._id} className={s.name}>
              {e.name}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** Beside a prize: its winner, once picked. */
export function WinnerOf({ results, rank }: { results?: Results; rank: number }) {
  const w = results?.winners.find((x) => x.rank === rank);
  return w ? (
    <span className={s.winner} data-testid="winner">
      {w.name}
    </span>
  ) : null;
}
