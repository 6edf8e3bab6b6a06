import { Link } from "@remix-run/react";
import type { OpenSubmissionRound } from "#server/contracts/submissions";
import * as s from "#app/components/registration/Registration.css";

/** /my/registrations (SPEC-3 §2): per open submission round, 'Submitted' or 'Not submitted'. */
export function OpenRoundStates({
  eventNumber,
  rounds,
}: {
  eventNumber: string;
  rounds: OpenSubmissionRound[] | undefined;
}) {
  if (!rounds?.length) return null;
  return (
    <ul className={s.roundStates} data-testid="round-states">
      {rounds.map((r) => (
        <li key={r.index}>
          <Link to={`/event/${eventNumber}/rounds/${r.index}/submit`}>{r.title}</Link>{" "}
          <span className={s.pill({ tone: r.submitted ? "brand" : "warn" })}>
            {r.submitted ? "Submitted" : "Not submitted"}
          </span>
        </li>
      ))}
    </ul>
  );
}
