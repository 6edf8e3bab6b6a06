import type { Feedback } from "#server/contracts/judging";
import * as s from "./SharedFeedback.css";

/**
 * A registrant's shared feedback (SPEC-3 §3), once judging closed in a round that shares it: the
 * mean of the judges' weighted scores (1 to 10) and their comments. On the round's submit page and
 * in /my/registrations.
 */
export function SharedFeedback({ feedback, title }: { feedback: Feedback; title: string }) {
  return (
    <section className={s.box} data-testid="shared-feedback">
      <h3 className={s.title}>{title}</h3>
      <p className={s.mean}>
        {feedback.mean === null
          ? "Your submission was not scored."
          : `Judges' mean score: ${feedback.mean} out of 10`}
      </p>
      {feedback.comments.length ? (
        <ul className={s.comments}>
          {feedback.comments.map((c, i) => (
            // Two judges may write the same words: the position tells them apart.
            <li key={i} className={s.comment}>
              {c}
            </li>
          ))}
        </ul>
      ) : (
        <p className={s.muted}>The judges left no comments.</p>
      )}
    </section>
  );
}
