import type { QuizAnswer, QuizResult, ResultQuestion } from "#server/contracts/quiz";
import * as s from "./Quiz.css";

const NOT_ANSWERED = "Not answered";

/** An answer in words: the options' texts, or the number. */
function said(q: ResultQuestion, a: QuizAnswer | null): string {
  if (a === null || (Array.isArray(a) && a.length === 0)) return NOT_ANSWERED;
  if (typeof a === "number") return String(a);
  const ids = Array.isArray(a) ? a : [a];
  return ids.map((id) => q.options.find((o) => o._id === id)?.text ?? "?").join(", ");
}

/** A participant's result once the round has closed: score, rank, and each question. */
export function QuizResultView({ result }: { result: QuizResult }) {
  return (
    <div className={s.form} data-testid="quiz-result">
      <p className={s.score}>
        {result.score} of {result.maxScore}
      </p>
      <p className={s.muted}>
        Rank {result.rank} of {result.of}
      </p>
      <ol className={s.questions}>
        {result.questions.map((q, i) => (
          <li
            key={q._id}
            className={s.resultRow({
              tone: q.score > 0 ? "right" : said(q, q.given) === NOT_ANSWERED ? "none" : "wrong",
            })}
          >
            <strong>
              {i + 1}. {q.text}
            </strong>
            <span>Your answer: {said(q, q.given)}</span>
            <span>
              Correct answer: {said(q, q.correct)}
              {q.type === "number" && q.tolerance ? ` (± ${q.tolerance})` : ""}
            </span>
            <span className={s.marks}>
              {q.score > 0 ? `+${q.score}` : q.score} mark{Math.abs(q.score) === 1 ? "" : "s"}
            </span>
          </li>
        ))}
      </ol>
    </div>
  );
}
