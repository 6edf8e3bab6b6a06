import { Form } from "@remix-run/react";
import type { TeamMember } from "#server/contracts/team";
import { ROLE_LABELS } from "#server/contracts/team-roles";
import { button, input } from "#app/styles/recipes.css";
import * as o from "#app/components/organiser/Organiser.css";
import * as s from "./Judging.css";
import { mayJudge } from "./SetupForm";

/**
 * 'Add a judge' while judging is open (issue 45): an organiser of the event who is not yet a judge
 * of the round; they take every submission that needs a judge. A plain form: no JavaScript needed.
 */
export function AddJudgeForm({
  round,
  judges,
  members,
  short,
  busy,
}: {
  round: number;
  judges: string[];
  members: TeamMember[];
  /** How many submissions need a judge now. */
  short: number;
  busy: boolean;
}) {
  const free = members.filter((m) => mayJudge(m) && !judges.includes(m.userId));
  const id = `add-judge-${round}`;
  if (!free.length)
    return short ? (
      <p className={o.muted}>
        Everyone on the team already judges this round: invite a judge in Team, then add them here.
      </p>
    ) : null;
  return (
    <Form method="post" className={s.formActions} data-testid="add-judge">
      <input type="hidden" name="intent" value="judging-add-judge" />
      <input type="hidden" name="round" value={round} />
      <label htmlFor={id} className={o.muted}>
        {short ? "Add a judge: they take the submissions that need one" : "Add a judge"}
      </label>
      <select id={id} name="userId" className={input()} required>
        {free.map((m) => (
          <option key={m.userId} value={m.userId}>
            {m.firstName} {m.lastName} · {ROLE_LABELS[m.role]}
          </option>
        ))}
      </select>
      <button type="submit" className={button({ size: "sm" })} disabled={busy}>
        Add judge
      </button>
    </Form>
  );
}
