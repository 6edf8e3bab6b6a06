import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import * as s from "#app/components/events/create/Category.css";
import { button } from "#app/styles/recipes.css";
import { stepUrl } from "#app/utils/step-url";

const CATEGORIES = [
  {
    type: "Hackathon & Coding Challenges",
    action: "Create Hackathon",
    text: "Coding sprints, hackathons and programming contests.",
  },
  { type: "Fest", action: "Create Fest", text: "College fests with many events across days." },
  {
    type: "Cultural Event",
    action: "Create Cultural Events",
    text: "Music, dance, drama and art on stage.",
  },
  {
    type: "Quizzes",
    action: "Create Quizzes",
    text: "General, business, science or pop-culture quizzes.",
  },
  {
    type: "Competitions & Challenges",
    action: "Create Competition",
    text: "Case studies, contests and challenges with prizes.",
  },
  {
    type: "Webinars & Workshops",
    action: "Create Workshops",
    text: "Talks, webinars and hands-on workshops.",
  },
] as const;

/** The event number of SPEC §2: characters 7 to 12 of the current time in milliseconds. */
export async function loader(_args: LoaderFunctionArgs) {
  return data(
    { eventNumber: String(Date.now()).slice(7, 12) },
    { headers: { "Cache-Control": "no-store" } },
  );
}

export default function EventCategory() {
  const { eventNumber } = useLoaderData<typeof loader>();
  return (
    <section>
      <header className={s.hero}>
        <h1 className={s.title}>Host Your Event</h1>
        <p className={s.lead}>Select your Event Category From Below</p>
      </header>
      <ul className={s.grid}>
        {CATEGORIES.map((c) => (
          <li key={c.type}>
            <article className={s.card}>
              <div>
                <h2 className={s.cardTitle}>{c.type}</h2>
                <p className={s.cardText}>{c.text}</p>
              </div>
              <Link to={stepUrl(eventNumber, "step1", c.type)} className={button({ block: true })}>
                {c.action}
              </Link>
            </article>
          </li>
        ))}
      </ul>
    </section>
  );
}

// SPEC §2 (Shared layout) gives this page its own title, "Event Category", without the product name.
export const meta: MetaFunction = () => [
  { title: "Event Category" },
  {
    name: "description",
    content:
      "Host an event on Utsav: choose a hackathon, fest, cultural event, quiz, competition or workshop.",
  },
];
