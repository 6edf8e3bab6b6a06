import { Link } from "@remix-run/react";
import type { Organisation } from "#server/contracts/orgs";
import * as r from "#app/components/saves/Reminders.css";
import * as s from "#app/components/profiles/Profiles.css";
import { button } from "#app/styles/recipes.css";

/** The profile page's list of organisations the person owns or administers, and 'New organisation'. */
export function MyOrgs({ orgs }: { orgs: Organisation[] }) {
  return (
    <section id="organisations" className={s.setting} aria-labelledby="my-orgs-title">
      <h2 id="my-orgs-title" className={s.settingTitle}>
        Your organisations
      </h2>
      {orgs.length ? (
        <ul data-testid="my-orgs">
          {orgs.map((o) => (
            <li key={o.handle}>
              <Link to={`/org/${o.handle}`}>{o.name}</Link>
            </li>
          ))}
        </ul>
      ) : (
        <p className={r.hint}>
          Run a club, society or college body? Give it a page students can follow.
        </p>
      )}
      <div className={s.settingActions}>
        <Link to="/orgs/new" className={button({ tone: "secondary", size: "sm" })}>
          New organisation
        </Link>
      </div>
    </section>
  );
}
