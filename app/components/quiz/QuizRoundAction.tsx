import { Form, Link } from "@remix-run/react";
import type { QuizStatus } from "#server/contracts/quiz";
import { QUIZ_MESSAGES } from "#server/contracts/quiz-messages";
import { button } from "#app/styles/recipes.css";
import * as s from "./Quiz.css";

/**
 * Under a quiz round on the event page (SPEC-3 §4), for those who may take part, in its window:
 * 'Start quiz', 'Resume quiz' or 'Submitted'. 'Start quiz' is a form: starting sets the clock, so
 * no link (which a browser may fetch ahead) does it.
 */
export function QuizRoundAction({
  eventNumber,
  index,
  status,
}: {
  eventNumber: string;
  index: number;
  status: QuizStatus;
}) {
  const path = `/event/${eventNumber}/rounds/${index}/quiz`;
  if (status.state === "submitted")
    return (
      <p className={s.roundAction} data-testid="quiz-action">
        <strong>Submitted</strong>
        {status.reason === "closed" ? <Link to={path}>See your result</Link> : null}
      </p>
    );
  if (status.startedBy)
    return (
      <p className={s.roundAction} data-testid="quiz-action">
        {QUIZ_MESSAGES.startedBy(status.startedBy)}
      </p>
    );
  if (status.reason !== null) return null;
  if (status.state === "started")
    return (
      <p className={s.roundAction} data-testid="quiz-action">
        <Link to={path} className={button({ size: "sm" })}>
          Resume quiz
        </Link>
      </p>
    );
  return (
    <Form method="post" action={path} className={s.roundAction} data-testid="quiz-action">
      <input type="hidden" name="intent" value="start" />
      <button type="submit" className={button({ size: "sm" })}>
        Start quiz
      </button>
    </Form>
  );
}
