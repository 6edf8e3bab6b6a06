import { plural } from "#server/contracts/words";
import * as s from "#app/components/organiser/Organiser.css";
import { OrganiserSection } from "#app/components/organiser/OrganiserSection";
import { SearchForm } from "#app/components/organiser/SearchForm";
import { type StackColumn, StackTable } from "#app/components/organiser/StackTable";
import { button } from "#app/styles/recipes.css";
import { formatDateTimeIST } from "#app/utils/dates";
import * as d from "./SubmissionsPanel.css";
import type { SubmissionRound } from "./submissions.server";

const SUBMISSION_COLUMNS: StackColumn<SubmissionRound["items"][number]>[] = [
  { label: "Name", cell: (sub) => sub.name },
  {
    label: "Title",
    cellClassName: d.titleCell,
    // The description opens under its title: a <details>, so without JavaScript too.
    cell: (sub) => (
      <details data-testid="submission-details">
        <summary className={d.summary}>{sub.title}</summary>
        <p className={d.description}>{sub.description}</p>
      </details>
    ),
  },
  {
    label: "Links",
    cell: (sub) =>
      sub.links.length
        ? sub.links.map((l, k) => (
            <a key={l} href={l} target="_blank" rel="noopener noreferrer nofollow">
              {k ? " · " : ""}
              {hostOf(l)}
            </a>
          ))
        : "—",
  },
  {
    label: "File",
    cell: (sub) =>
      sub.file ? (
        <a href={sub.file.url} download>
          {sub.file.name}
        </a>
      ) : (
        "—"
      ),
  },
  { label: "Submitted", cell: (sub) => formatDateTimeIST(sub.submittedAt) },
  { label: "Saves", cell: (sub) => sub.version },
];

/** The organiser page's 'Submissions' (SPEC-3 §2): per submission round, count, search, list, ZIP. */
export function SubmissionsPanel({
  eventNumber,
  rounds,
}: {
  eventNumber: string;
  rounds: SubmissionRound[];
}) {
  if (!rounds.length) return null;
  return (
    <OrganiserSection id="submissions" title="Submissions">
      {rounds.map((round) => (
        <SubmissionRoundList key={round.index} eventNumber={eventNumber} round={round} />
      ))}
    </OrganiserSection>
  );
}

function SubmissionRoundList({
  eventNumber,
  round,
}: {
  eventNumber: string;
  round: SubmissionRound;
}) {
  const id = `submissions-${round.index}`;
  return (
    <div className={s.round} data-testid={id}>
      <h3 id={`${id}-title`}>
        Round {round.index + 1}: {round.title}
      </h3>
      <p className={s.muted}>
        {round.q
          ? `${plural(round.items.length, "submission")} matching “${round.q}”`
          : plural(round.items.length, "submission")}
      </p>
      <div className={s.toolbar}>
        <SearchForm
          id={`${id}-q`}
          name="sq"
          label={`Search submissions of round ${round.index + 1}`}
          q={round.q}
          placeholder="Name or title"
          hidden={{ sround: String(round.index) }}
        />
        <a
          href={`/my/event/${eventNumber}/rounds/${round.index}/submissions.zip`}
          download
          className={button({ tone: "secondary", size: "sm" })}
        >
          Download all (ZIP)
        </a>
      </div>
      {round.items.length === 0 ? (
        <p className={s.muted}>
          {round.q ? `Nothing matches “${round.q}”.` : "No submissions yet."}
        </p>
      ) : (
        <div className={s.tableWrap}>
          <StackTable columns={SUBMISSION_COLUMNS} rows={round.items} rowKey={(sub) => sub._id} />
        </div>
      )}
    </div>
  );
}

/** A link shown by its site ("github.com"), the whole address in its href. */
function hostOf(link: string): string {
  try {
    return new URL(link).host;
  } catch {
    return link;
  }
}
