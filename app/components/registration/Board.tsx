import { Link } from "@remix-run/react";
import type { PersonListing, TeamListing } from "#server/contracts/registration";
import { formatDateIST } from "#app/utils/dates";
import { button } from "#app/styles/recipes.css";
import * as s from "./Registration.css";

/** Teams with room on the teammates board; 'Ask to join' opens the request form (a link). */
export function TeamListings({
  teams,
  canAsk,
  askingId,
  requested,
}: {
  teams: TeamListing[];
  canAsk: boolean;
  askingId: string | null;
  /** Teams the visitor has asked already: their card says 'Requested' instead. */
  requested: string[];
}) {
  if (!teams.length) return <p className={s.muted}>No team is looking for members yet.</p>;
  return (
    <ul className={s.grid}>
      {teams.map((t) => (
        <li key={t._id} className={s.team} data-testid="team-listing">
          <div className={s.teamHead}>
            <h3 className={s.teamName}>{t.name}</h3>
            <span className={s.pill()}>
              {t.size} of {t.maxTeam}
            </span>
          </div>
          <p className={s.muted}>
            Led by {t.leaderFirstName} · {t.collegeName}
          </p>
          <p className={s.pitch}>{t.pitch}</p>
          {requested.includes(t._id) ? (
            <div>
              <span className={s.pill({ tone: "good" })} data-testid="requested">
                Requested
              </span>
            </div>
          ) : canAsk && askingId !== t._id ? (
            <Link
              to={`?ask=${encodeURIComponent(t._id)}#ask`}
              className={button({ tone: "secondary", size: "sm" })}
              data-testid="ask-to-join"
            >
              Ask to join
            </Link>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/** People without a team: names, college, course and pitch, never an address or a phone. */
export function PeopleListings({ people }: { people: PersonListing[] }) {
  if (!people.length) return <p className={s.muted}>Nobody is listed yet.</p>;
  return (
    <ul className={s.grid}>
      {people.map((p) => (
        <li key={p.userId} className={s.team} data-testid="person-listing">
          <h3 className={s.teamName}>{[p.firstName, p.lastName].filter(Boolean).join(" ")}</h3>
          <p className={s.muted}>{[p.collegeName, p.course].filter(Boolean).join(" · ")}</p>
          <p className={s.pitch}>{p.pitch}</p>
          <p className={s.muted}>Listed {formatDateIST(p.postedAt)}</p>
        </li>
      ))}
    </ul>
  );
}
