import { Form, useNavigation } from "@remix-run/react";
import { useState } from "react";
import type { QuizLeaderboardRow } from "#server/contracts/quiz";
import { QUIZ_MESSAGES } from "#server/contracts/quiz-messages";
import { button, input } from "#app/styles/recipes.css";
import { formatDateTimeIST } from "#app/utils/dates";
import * as o from "#app/components/organiser/Organiser.css";
import { type StackColumn, StackTable } from "#app/components/organiser/StackTable";
import * as b from "./QuizBuilder.css";
import { formatLeft } from "./use-countdown";

const LEADERBOARD_COLUMNS: StackColumn<QuizLeaderboardRow>[] = [
  { label: "#", cell: (_, i) => i + 1 },
  { label: "Name", cell: (r) => r.name },
  { label: "Score", cell: (r) => r.score },
  { label: "Time taken", cell: (r) => formatLeft(r.timeTakenSeconds * 1000) },
  {
    label: "Submitted",
    cell: (r) =>
      r.submittedAt ? formatDateTimeIST(r.submittedAt) : "Not submitted (finished at the deadline)",
  },
];

/** The quiz round's leaderboard (best first) and 'Advance top {N}' (SPEC-2's results call). */
export function QuizLeaderboard({ rows }: { rows: QuizLeaderboardRow[] }) {
  const busy = useNavigation().state === "submitting";
  const [top, setTop] = useState(Math.min(rows.length, 10));
  if (!rows.length) return <p className={b.hint}>Nobody has started this quiz yet.</p>;
  return (
    <>
      {/* Rows on a wide screen, a card of labelled lines a person on a phone. */}
      <div className={o.tableWrap}>
        <StackTable
          data-testid="quiz-leaderboard"
          columns={LEADERBOARD_COLUMNS}
          rows={rows}
          rowKey={(r) => r.registrationId}
        />
      </div>
      <Form method="post" className={b.inline}>
        <input type="hidden" name="intent" value="advance" />
        <label className={b.hint} htmlFor="advance-top">
          How many advance
        </label>
        <input
          id="advance-top"
          name="top"
          type="number"
          min={1}
          max={rows.length}
          value={top}
          onChange={(e) =>
            setTop(Math.max(1, Math.min(rows.length, Number(e.currentTarget.value) || 1)))
          }
          className={input()}
        />
        <button type="submit" className={button()} disabled={busy}>
          {QUIZ_MESSAGES.advanceTop(top)}
        </button>
      </Form>
    </>
  );
}
