import { Form, useNavigation } from "@remix-run/react";
import { useState } from "react";
import { QUIZ_MESSAGES, type QuizLeaderboardRow } from "#server/contracts/quiz";
import { button, input } from "#app/styles/recipes.css";
import { formatDateTimeIST } from "#app/utils/dates";
import * as b from "./QuizBuilder.css";
import { formatLeft } from "./use-countdown";

/** The quiz round's leaderboard (best first) and 'Advance top {N}' (SPEC-2's results call). */
export function QuizLeaderboard({ rows }: { rows: QuizLeaderboardRow[] }) {
  const busy = useNavigation().state === "submitting";
  const [top, setTop] = useState(Math.min(rows.length, 10));
  if (!rows.length) return <p className={b.hint}>Nobody has started this quiz yet.</p>;
  return (
    <>
      <div className={b.scroll}>
        <table className={b.table} data-testid="quiz-leaderboard">
          <thead>
            <tr>
              {["#", "Name", "Score", "Time taken", "Submitted"].map((h) => (
                <th key={h} className={b.head} scope="col">
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((r, i) => (
              <tr key={r.registrationId}>
                <td className={b.cell}>{i + 1}</td>
                <td className={b.cell}>{r.name}</td>
                <td className={b.cell}>{r.score}</td>
                <td className={b.cell}>{formatLeft(r.timeTakenSeconds * 1000)}</td>
                <td className={b.cell}>
                  {r.submittedAt
                    ? formatDateTimeIST(r.submittedAt)
                    : "Not submitted (finished at the deadline)"}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
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
