import { Link } from "@remix-run/react";
import type { MySubmission } from "#server/contracts/submissions";
import { button } from "#app/styles/recipes.css";
import { formatDateTimeIST } from "#app/utils/dates";
import * as s from "./RoundSubmission.css";

/** The caller's state in each submission round, by round index (only the rounds asked). */
export type RoundStates = Record<number, MySubmission>;

/**
 * Under a submission round on the event page (SPEC-3 §2): to those who may take part in its
 * window, 'Submit' or 'Edit submission' with 'Submitted {time}'; after it, what they submitted.
 */
export function RoundSubmission({
  eventNumber,
  index,
  state,
}: {
  eventNumber: string;
  index: number;
  state: MySubmission | undefined;
}) {
  if (!state || (!state.open && !state.submission)) return null;
  const href = `/event/${eventNumber}/rounds/${index}/submit`;
  return (
    <span className={s.state} data-testid="round-submission">
      {state.open ? (
        <Link
          to={href}
          className={button({ size: "sm", tone: state.submission ? "secondary" : "primary" })}
        >
          {state.submission ? "Edit submission" : "Submit"}
        </Link>
      ) : null}
      {state.submission ? (
        <span className={s.when}>Submitted {formatDateTimeIST(state.submission.submittedAt)}</span>
      ) : null}
    </span>
  );
}
