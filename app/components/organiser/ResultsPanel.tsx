import { Form, Link } from "@remix-run/react";
import { button } from "#app/styles/recipes.css";
import type { PageBoard } from "./board";
import * as s from "./Organiser.css";
import { OrganiserSection } from "./OrganiserSection";

/** A form per round: a checkbox per registration in the round; checked ones advance. */
export function ResultsPanel({ board, busy }: { board: PageBoard; busy: boolean }) {
  return (
    <OrganiserSection id="results" title="Results">
      {board.rounds.length === 0 ? (
        <p className={s.muted}>This event has no rounds. Add them in Edit (Rounds).</p>
      ) : null}
      {board.rounds.map((round) => (
        <Form method="post" key={round.index} data-testid={`round-${round.index}`}>
          <input type="hidden" name="intent" value="results" />
          <input type="hidden" name="round" value={round.index} />
          <fieldset className={s.round}>
            <legend className={s.legendTitle}>
              {round.title}
              {round.eliminator ? " (eliminator)" : ""}
            </legend>
            <p className={s.muted}>
              {round.saved
                ? `Saved: ${round.advancedCount} of ${round.count} advanced. Saving again mails only those whose result changed.`
                : `Tick who advances, then save: each of the ${round.count} in this round is mailed their result.`}
            </p>
            {round.count === 0 ? (
              <p className={s.muted}>Nobody is in this round yet.</p>
            ) : !round.shown ? (
              <div>
                <Link
                  to={`?section=rounds&round=${round.index}#results`}
                  className={button({ tone: "secondary", size: "sm" })}
                >
                  Enter results of {round.title}
                </Link>
              </div>
            ) : (
              <>
                <ul className={s.checks}>
                  {round.entrants.map((e) => (
                    <li key={e._id}>
                      <label className={s.check}>
                        <input
                          type="checkbox"
                          name="advancing"
                          value={e._id}
                          defaultChecked={e.advanced}
                        />
                        <span>
                          {e.name}
                          {e.college ? ` · ${e.college}` : ""}
                        </span>
                      </label>
                    </li>
                  ))}
                </ul>
                <div>
                  <button type="submit" className={button({ size: "sm" })} disabled={busy}>
                    Save results of {round.title}
                  </button>
                </div>
              </>
            )}
          </fieldset>
        </Form>
      ))}
    </OrganiserSection>
  );
}
