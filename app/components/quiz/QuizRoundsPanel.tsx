import { Link } from "@remix-run/react";
import type { EventData } from "#server/contracts/event-shape";
import * as s from "#app/components/organiser/Organiser.css";
import { button } from "#app/styles/recipes.css";
import { formatDateTimeIST } from "#app/utils/dates";

/** The organiser page's 'Quiz' (SPEC-3 §4): each quiz round, leading to its builder and leaderboard. */
export function QuizRoundsPanel({ event }: { event: EventData }) {
  const quizzes = event.rounds
    .map((round, index) => ({ round, index }))
    .filter(({ round }) => round.kind === "quiz");
  if (!quizzes.length) return null;
  return (
    <section id="quiz" className={s.section} aria-labelledby="quiz-title">
      <h2 id="quiz-title" className={s.sectionTitle}>
        Quiz
      </h2>
      <ul className={s.actions}>
        {quizzes.map(({ round, index }) => (
          <li key={round._id}>
            <Link
              to={`/my/event/${event.eventNumber}/quiz/${index}`}
              className={button({ tone: "secondary", size: "sm" })}
            >
              Round {index + 1}: {round.title}
            </Link>{" "}
            <span className={s.muted}>starts {formatDateTimeIST(round.startDate)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
