import type { SubmissionResult } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import { JUDGING_MESSAGES as M } from "#server/contracts/judging-messages";
import type { TeamMember } from "#server/contracts/team";
import { formatDateTimeIST } from "#app/utils/dates";
import { button } from "#app/styles/recipes.css";
import * as o from "#app/components/organiser/Organiser.css";
import { OrganiserSection } from "#app/components/organiser/OrganiserSection";
import type { RoundJudging } from "./judging.server";
import * as s from "./Judging.css";
import { AddJudgeForm } from "./AddJudgeForm";
import { AdvanceTop, Leaderboard } from "./Leaderboard";
import { SetupForm } from "./SetupForm";

const STATE_WORDS = {
  setup: "Set up, not opened",
  open: "Open: judges are scoring",
  closed: "Closed",
};

/** The organiser page's 'Judging' (SPEC-3 §3): per submission round, set-up, open, close, progress, leaderboard. */
export function JudgingPanel({
  eventNumber,
  rounds,
  members,
  me,
  setup,
  busy,
}: {
  eventNumber: string;
  rounds: RoundJudging[];
  members: TeamMember[];
  me: string | null;
  setup?: { round: string; result: SubmissionResult<string[]> } | null;
  busy: boolean;
}) {
  return (
    <OrganiserSection id="judging" title="Judging">
      {rounds.length === 0 ? (
        <p className={o.muted}>
          No submission rounds. Make a round a Submission round in Edit (Rounds).
        </p>
      ) : null}
      {rounds.map((round) => (
        <RoundBox
          key={round.index}
          eventNumber={eventNumber}
          round={round}
          members={members}
          me={me}
          lastResult={setup?.round === String(round.index) ? setup.result : null}
          busy={busy}
        />
      ))}
    </OrganiserSection>
  );
}

function Action({
  round,
  intent,
  label,
  busy,
}: {
  round: number;
  intent: string;
  label: string;
  busy: boolean;
}) {
  return (
    <Form method="post" className={o.inline}>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="round" value={round} />
      <button type="submit" className={button({ size: "sm" })} disabled={busy}>
        {label}
      </button>
    </Form>
  );
}

function RoundBox({
  eventNumber,
  round,
  members,
  me,
  lastResult,
  busy,
}: {
  eventNumber: string;
  round: RoundJudging;
  members: TeamMember[];
  me: string | null;
  lastResult: SubmissionResult<string[]> | null;
  busy: boolean;
}) {
  const { judging } = round;
  const state = judging?.state ?? null;
  const ended = Date.parse(round.endDate) < Date.now();
  return (
    <div
      id={`judging-${round.index}`}
      className={s.roundBox}
      data-testid={`judging-${round.index}`}
    >
      <h3 className={s.roundTitle}>
        Round {round.index + 1}: {round.title}
      </h3>
      <p className={o.muted} data-testid="judging-state">
        {state ? STATE_WORDS[state] : "Not set up yet"}
        {state === "setup" && !ended
          ? `. Judging opens after the round closes (${formatDateTimeIST(round.endDate)}).`
          : ""}
      </p>
      {judging && me && judging.judges.includes(me) ? (
        <p>
          <Link to={`/my/event/${eventNumber}/judging/${round.index}`}>Your judging queue</Link>
        </p>
      ) : null}
      {state === null || state === "setup" ? (
        <SetupForm
          // A saved set-up remounts the form with what was saved.
          key={JSON.stringify(judging)}
          round={round.index}
          judging={judging}
          members={members}
          lastResult={lastResult}
          busy={busy}
        />
      ) : null}
      {state === "setup" && ended ? (
        <div>
          <Action round={round.index} intent="judging-open" label="Open judging" busy={busy} />
        </div>
      ) : null}
      {judging && state !== "setup" ? (
        <>
          <p className={s.progress}>
            {M.scored(judging.progress.scored, judging.progress.assigned)}
          </p>
          <ul className={o.legend} data-testid="judge-progress">
            {judging.progress.judges.map((j) => (
              <li key={j.userId}>
                {j.firstName} {j.lastName}: {j.scored} of {j.assigned}
              </li>
            ))}
          </ul>
          {judging.needsJudge.length ? (
            <ul className={s.judgeChecks} data-testid="needs-judge">
              {judging.needsJudge.map((x) => (
                <li key={x.submissionId}>
                  <span className={s.pill({ tone: "bad" })}>{M.needsJudge}</span> {x.title} (
                  {x.judges} of {judging.judgesPerSubmission})
                </li>
              ))}
            </ul>
          ) : null}
          {state === "open" ? (
            <AddJudgeForm
              round={round.index}
              judges={judging.judges}
              members={members}
              short={judging.needsJudge.length}
              busy={busy}
            />
          ) : null}
          {state === "open" ? (
            <div>
              <Action
                round={round.index}
                intent="judging-close"
                label="Close judging"
                busy={busy}
              />
            </div>
          ) : null}
        </>
      ) : null}
      <Leaderboard round={round} />
      {state === "closed" ? <AdvanceTop round={round} busy={busy} /> : null}
    </div>
  );
}
