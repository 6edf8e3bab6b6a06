import { Form, useNavigation, useRevalidator } from "@remix-run/react";
import { useCallback, useRef, useState } from "react";
import { hhmmIST } from "#server/contracts/check-in-codes";
import type { AttemptQuestion, QuizAttempt } from "#server/contracts/quiz";
import { QUIZ_MESSAGES } from "#server/contracts/quiz-messages";
import { button, input } from "#app/styles/recipes.css";
import { useHydrated } from "#app/utils/use-hydrated";
import { answerField, answerOf, answersFrom } from "./answers";
import * as s from "./Quiz.css";
import { type SaveState, useAnswerSaver } from "./use-answer-saver";
import { formatLeft, useCountdown } from "./use-countdown";

const SAVE_WORDS: Record<SaveState, string> = {
  saved: "All answers saved",
  saving: "Saving…",
  retrying: "Not saved yet: trying again",
  refused: "",
};

/**
 * The quiz (SPEC-3 §4). Without JavaScript: every question in one form, 'Submit by {time}'. With
 * it, the same form one question at a time, a countdown from the server's deadline, each answer
 * saved as it is picked, and the form submitted by itself at zero.
 */
export function QuizForm({
  attempt,
  api,
  serverNow,
}: {
  attempt: QuizAttempt;
  /** The browser's path to this quiz in the API: /api/v1/event/{n}/rounds/{i}/quiz. */
  api: string;
  serverNow: string;
}) {
  const hydrated = useHydrated();
  const formRef = useRef<HTMLFormElement>(null);
  const [at, setAt] = useState(0);
  const [ended, setEnded] = useState<string | null>(null);
  const saver = useAnswerSaver(api);
  const { revalidate } = useRevalidator();
  const busy = useNavigation().state === "submitting";
  const qs = attempt.questions;

  const submitNow = useCallback(async () => {
    const form = formRef.current;
    if (!form) return;
    const answers = answersFrom(new FormData(form), qs);
    // Sent until the server answers: the network's grace covers a short drop.
    for (let wait = 1000; ; wait = Math.min(wait * 2, 5000)) {
      try {
        const res = await fetch(`${api}/submit`, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ answers }),
        });
        if (res.status < 500) {
          const body = (await res.json().catch(() => null)) as { message?: string } | null;
          setEnded(res.ok ? "Time is up: your answers were submitted" : (body?.message ?? null));
          break;
        }
      } catch {}
      await new Promise((r) => setTimeout(r, wait));
    }
    revalidate();
  }, [api, qs, revalidate]);

  const left = useCountdown(attempt.deadline, serverNow, () => void submitNow());

  const onChange = (q: AttemptQuestion) => {
    const form = formRef.current;
    if (!form) return;
    const answer = answerOf(new FormData(form), q);
    if (answer !== undefined) saver.save(q._id, answer);
  };

  const saved = (q: AttemptQuestion, optionId?: string) => {
    const a = attempt.answers[q._id];
    if (optionId === undefined) return typeof a === "number" ? String(a) : undefined;
    return Array.isArray(a) ? a.includes(optionId) : a === optionId;
  };

  return (
    <Form method="post" ref={formRef} className={s.form} data-testid="quiz-form">
      <input type="hidden" name="intent" value="submit" />
      {hydrated ? (
        <div className={s.bar} role="timer" aria-live="off" data-testid="countdown">
          <span>
            Question {at + 1} of {qs.length}
          </span>
          <span className={s.clock({ low: left < 60_000 })}>{formatLeft(left)}</span>
        </div>
      ) : null}
      <ol className={s.questions}>
        {qs.map((q, i) => (
          <li key={q._id} className={hydrated && i !== at ? s.hidden : undefined}>
            <fieldset className={s.question} data-testid="question">
              <legend className={s.legend}>
                {i + 1}. {q.text}
              </legend>
              <p className={s.marks} data-testid="question-marks">
                {q.marks === 1 ? "1 mark" : `${q.marks} marks`}
                {q.negativeMarks > 0 ? (
                  <span className={s.negative}>{` · −${q.negativeMarks} if wrong`}</span>
                ) : null}
                {q.type === "multiple" ? " · pick every right option" : ""}
              </p>
              {q.type === "number" ? (
                <label className={s.option}>
                  <span>Your answer</span>
                  <input
                    name={answerField(q._id)}
                    type="text"
                    inputMode="decimal"
                    autoComplete="off"
                    defaultValue={saved(q) as string | undefined}
                    className={input()}
                    onBlur={() => onChange(q)}
                  />
                </label>
              ) : (
                q.options.map((o) => (
                  <label key={o._id} className={s.option}>
                    <input
                      type={q.type === "single" ? "radio" : "checkbox"}
                      name={answerField(q._id)}
                      value={o._id}
                      defaultChecked={saved(q, o._id) as boolean}
                      onChange={() => onChange(q)}
                    />
                    <span>{o.text}</span>
                  </label>
                ))
              )}
            </fieldset>
          </li>
        ))}
      </ol>
      {hydrated ? (
        <div className={s.nav}>
          <button
            type="button"
            className={button({ tone: "secondary" })}
            disabled={at === 0}
            onClick={() => setAt(at - 1)}
          >
            Previous
          </button>
          {at < qs.length - 1 ? (
            <button type="button" className={button()} onClick={() => setAt(at + 1)}>
              Next
            </button>
          ) : null}
        </div>
      ) : null}
      {hydrated ? (
        <p
          className={s.saved({
            tone: saver.state === "refused" ? "bad" : saver.state === "saved" ? "ok" : "wait",
          })}
          aria-live="polite"
          data-testid="save-state"
        >
          {ended ?? (saver.state === "refused" ? saver.refusal : SAVE_WORDS[saver.state])}
        </p>
      ) : null}
      <button
        type="submit"
        className={button({ tone: "success" })}
        disabled={busy || left === 0}
        data-testid="submit-quiz"
      >
        {hydrated ? "Submit quiz" : QUIZ_MESSAGES.submitBy(hhmmIST(attempt.deadline))}
      </button>
    </Form>
  );
}
