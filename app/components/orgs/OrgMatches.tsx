import { Link } from "@remix-run/react";
import type { Organisation } from "#server/contracts/orgs";
import * as s from "./Org.css";

export type OrgMatch = Pick<
  Organisation,
  "handle" | "name" | "college" | "city" | "logo" | "verifiedDomain"
>;

/** Search with text (SPEC-4 §4): up to 3 matching organisations, above the events. */
export function OrgMatches({ orgs }: { orgs: OrgMatch[] }) {
  if (!orgs.length) return null;
  return (
    <section aria-label="Organisations" className={s.matches}>
      <ul className={s.matchList} data-testid="org-matches">
        {orgs.map((o) => (
          <li key={o.handle}>
            <Link to={`/org/${o.handle}`} className={s.match}>
              {o.logo ? (
                <img src={o.logo} alt="" width={40} height={40} className={s.matchLogo} />
              ) : (
                <span className={s.matchLogo} aria-hidden="true">
                  {o.name.trim()[0]?.toUpperCase()}
                </span>
              )}
              <span className={s.followingText}>
                <strong className={s.followingName}>{o.name}</strong>
                <span className={s.muted}>
                  {o.college} · {o.city}
                  {o.verifiedDomain ? " · Verified" : ""}
                </span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
