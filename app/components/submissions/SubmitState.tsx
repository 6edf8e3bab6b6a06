import { Link } from "@remix-run/react";
import type { Round } from "#server/contracts/event-shape";
import type { MySubmission, Submission } from "#server/contracts/submissions";
import { formatDateTimeIST } from "#app/utils/dates";
import * as s from "./SubmitState.css";

/** When the round takes submissions: before it 'Opens … · closes …', in it 'Closes …', after 'Closed …'. */
export function RoundWindow({
  round,
  now,
}: {
  round: Pick<Round, "startDate" | "endDate">;
  now: string;
}) {
  const at = Date.parse(now);
  const opens = formatDateTimeIST(round.startDate);
  const closes = formatDateTimeIST(round.endDate);
  const words =
    at < Date.parse(round.startDate)
      ? `Opens ${opens} · closes ${closes}`
      : at > Date.parse(round.endDate)
        ? `Closed ${closes}`
        : `Closes ${closes}`;
  return (
    <p className={s.window} data-testid="round-window">
      {words}
    </p>
  );
}

/** Why the caller may not submit now, in the API's words; an incomplete team gets its team page. */
export function NotOpen({ mine, eventNumber }: { mine: MySubmission; eventNumber: string }) {
  return (
    <p role="status" className={s.refusal} data-testid="submit-refusal">
      <span>{mine.message ?? "This round is closed"}</span>
      {mine.reason === "incomplete-team" ? (
        <Link to={`/event/${eventNumber}/team`} className={s.teamLink}>
          Go to your team page
        </Link>
      ) : null}
    </p>
  );
}

/** What the team submitted, to read once the round no longer takes saves. */
export function SubmissionView({ submission }: { submission: Submission }) {
  return (
    <dl className={s.view} data-testid="submission-view">
      <dt className={s.term}>Title</dt>
      <dd className={s.value}>{submission.title}</dd>
      <dt className={s.term}>Description</dt>
      <dd className={s.value}>{submission.description}</dd>
      {submission.links.length ? (
        <>
          <dt className={s.term}>Links</dt>
          <dd className={s.value}>
            <ul className={s.links}>
              {submission.links.map((l) => (
                <li key={l}>
                  <a href={l} target="_blank" rel="noopener noreferrer nofollow">
                    {l}
                  </a>
                </li>
              ))}
            </ul>
          </dd>
        </>
      ) : null}
      {submission.file ? (
        <>
          <dt className={s.term}>File</dt>
          <dd className={s.value}>
            <a href={submission.file.url} download>
              {submission.file.name}
            </a>
          </dd>
        </>
      ) : null}
      <dt className={s.term}>Submitted</dt>
      <dd className={s.value}>
        {formatDateTimeIST(submission.submittedAt)}
        {submission.version > 1 ? ` · last saved ${formatDateTimeIST(submission.updatedAt)}` : ""}
      </dd>
    </dl>
  );
}
