import { Form } from "@remix-run/react";
import { useState } from "react";
import { JUDGING_MESSAGES as M } from "#server/contracts/judging-messages";
import { button, input } from "#app/styles/recipes.css";
import * as o from "#app/components/organiser/Organiser.css";
import { type StackColumn, StackTable } from "#app/components/organiser/StackTable";
import type { RoundJudging } from "./judging.server";
import * as s from "./Judging.css";

const shown = (x: number | null) => (x === null ? "—" : x.toFixed(2));

const LEADERBOARD_COLUMNS: StackColumn<RoundJudging["rows"][number]>[] = [
  { label: "#", cell: (row, i) => (row.mean === null ? "" : i + 1) },
  {
    label: "Submission",
    cell: (row) => (
      <span>
        <strong>{row.submission.title}</strong> · {row.submission.name}
      </span>
    ),
  },
  { label: "Judges", cell: (row) => (row.mean === null ? "Not scored" : row.judges) },
  { label: "Normalised", cell: (row) => shown(row.normalised), className: s.number },
  { label: "Mean", cell: (row) => shown(row.mean), className: s.number },
  { label: "Spread", cell: (row) => shown(row.spread), className: s.number },
];

/** The leaderboard, best first (SPEC-3 §3); the first rows of a long one, with the count. */
export function Leaderboard({ round }: { round: RoundJudging }) {
  if (round.total === 0) return <p className={o.muted}>No submissions in this round.</p>;
  return (
    <div className={o.tableWrap}>
      <p className={o.muted} id={`leaderboard-${round.index}-title`}>
        Leaderboard
        {round.total > round.rows.length
          ? `: the first ${round.rows.length} of ${round.total}`
          : ""}
        . Normalised evens out harsh and generous judges.
      </p>
      <StackTable
        data-testid={`leaderboard-${round.index}`}
        aria-labelledby={`leaderboard-${round.index}-title`}
        columns={LEADERBOARD_COLUMNS}
        rows={round.rows}
        rowKey={(row) => row.submission._id}
        rowTestId="leaderboard-row"
      />
    </div>
  );
}

/**
 * 'Advance top {N}': how many (a GET form, so it works without JavaScript), then the SPEC-2 results
 * call with the leaderboard's first N, through the Results section's confirmation. With
 * JavaScript the button's N and the registrations it sends follow the field as it changes; a new
 * `top` from the server starts the field again (the key).
 */
export function AdvanceTop({ round, busy }: { round: RoundJudging; busy: boolean }) {
  if (round.advancing.length === 0) return null;
  return <AdvanceTopForms key={round.top} round={round} busy={busy} />;
}

function AdvanceTopForms({ round, busy }: { round: RoundJudging; busy: boolean }) {
  const [top, setTop] = useState(round.top);
  const advancing = round.ranked.slice(0, top);
  return (
    <div className={s.formActions}>
      <Form method="get" className={s.formActions} preventScrollReset>
        <input type="hidden" name="round" value={round.index} />
        <label htmlFor={`top-${round.index}`} className={o.muted}>
          How many advance
        </label>
        <input
          id={`top-${round.index}`}
          name="top"
          type="number"
          min={1}
          max={round.ranked.length}
          defaultValue={round.top}
          onChange={(e) => {
            const n = Math.floor(Number(e.currentTarget.value));
            if (Number.isFinite(n) && n >= 1) setTop(Math.min(n, round.ranked.length));
          }}
          className={`${input()} ${s.scoreInput}`}
        />
        <button type="submit" className={button({ tone: "secondary", size: "sm" })}>
          Show
        </button>
      </Form>
      <Form method="post">
        <input type="hidden" name="intent" value="results" />
        <input type="hidden" name="round" value={round.index} />
        {advancing.map((id) => (
          <input key={id} type="hidden" name="advancing" value={id} />
        ))}
        <button
          type="submit"
          className={button({ size: "sm" })}
          disabled={busy}
          data-testid="advance-top"
        >
          {M.advanceTop(advancing.length)}
        </button>
      </Form>
    </div>
  );
}
