import { Link } from "@remix-run/react";
import type { JudgeQueue } from "#server/contracts/judging";
import * as o from "#app/components/organiser/Organiser.css";
import * as s from "./Judging.css";

type Items = JudgeQueue["items"];

/**
 * The next unscored submission after `sid` in the queue's order, coming round to the start; null
 * when every one is scored.
 */
export function nextToScore(items: Items, sid: string): string | null {
  const at = items.findIndex((item) => item.submission._id === sid);
  const ordered = [...items.slice(at + 1), ...items.slice(0, at + 1)];
  return (
    ordered.find((item) => !item.myScore && item.submission._id !== sid)?.submission._id ?? null
  );
}

/** The judge's assigned submissions, each opening its score form. */
export function QueueList({ items, current }: { items: Items; current: string | null }) {
  return (
    <section className={`${o.section} ${s.queueColumn}`} aria-labelledby="queue-title">
      <h2 id="queue-title" className={o.sectionTitle}>
        Assigned to you
      </h2>
      {items.length === 0 ? (
        <p className={o.muted}>Nothing is assigned to you in this round.</p>
      ) : (
        <ol className={s.queue}>
          {items.map(({ submission, myScore }) => (
            <li key={submission._id}>
              <Link
                to={`?s=${encodeURIComponent(submission._id)}`}
                className={s.queueItem({ current: submission._id === current })}
                aria-current={submission._id === current ? "true" : undefined}
                data-testid="queue-item"
              >
                <span className={s.itemTitle}>{submission.title}</span>
                {submission.name ? <span className={o.muted}>{submission.name}</span> : null}
                <span className={s.pill({ tone: myScore ? "done" : "todo" })}>
                  {myScore ? `Scored ${myScore.weighted}` : "Not scored"}
                </span>
              </Link>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
