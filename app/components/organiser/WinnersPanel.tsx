import { Form, Link } from "@remix-run/react";
import { PRIZE_RANK_LABELS } from "#server/contracts/constants";
import type { Prize } from "#server/contracts/event-shape";
import { button, field, input, label } from "#app/styles/recipes.css";
import type { PageBoard } from "./board";
import * as s from "./Organiser.css";
import { OrganiserSection } from "./OrganiserSection";

const rankLabel = (rank: number) => PRIZE_RANK_LABELS[rank] ?? `Rank ${rank}`;

/** A select per prize rank; the Prizes section of the event page shows each winner. */
export function WinnersPanel({
  prizes,
  winners,
  busy,
}: {
  prizes: Prize[];
  winners: PageBoard["winners"];
  busy: boolean;
}) {
  const ranks = [...prizes].sort((a, b) => a.rank - b.rank);
  return (
    <OrganiserSection id="winners" title="Winners">
      {ranks.length === 0 ? (
        <p className={s.muted}>This event has no prizes. Add them in Edit (Prizes).</p>
      ) : !winners.shown ? (
        <>
          <ul className={s.legend}>
            {ranks.map((p) => (
              <li key={p.rank}>
                {rankLabel(p.rank)}:{" "}
                {winners.current.find((w) => w.rank === p.rank)?.name || "not picked yet"}
              </li>
            ))}
          </ul>
          <div>
            <Link
              to="?section=rounds&pick=winners#winners"
              className={button({ tone: "secondary", size: "sm" })}
            >
              Pick winners
            </Link>
          </div>
        </>
      ) : (
        <Form method="post">
          <input type="hidden" name="intent" value="winners" />
          {ranks.map((p) => {
            const id = `winner-${p.rank}`;
            const current = winners.current.find((w) => w.rank === p.rank)?.registrationId ?? "";
            return (
              <div key={p.rank} className={field}>
                <label htmlFor={id} className={label}>
                  {rankLabel(p.rank)}
                </label>
                <select id={id} name={`rank-${p.rank}`} defaultValue={current} className={input()}>
                  <option value="">No winner yet</option>
                  {winners.entrants.map((e) => (
                    <option key={e._id} value={e._id}>
                      {e.name}
                      {e.college ? ` · ${e.college}` : ""}
                    </option>
                  ))}
                </select>
              </div>
            );
          })}
          <button type="submit" className={button()} disabled={busy}>
            Save winners
          </button>
        </Form>
      )}
    </OrganiserSection>
  );
}
