import { Link } from "@remix-run/react";
import type { Organisation } from "#server/contracts/orgs";
import { IntentButton } from "#app/components/IntentButton";
import { plural } from "#server/contracts/words";
import * as s from "./Org.css";

/** /my/following: each organisation followed, its page and 'Unfollow' (a plain form). */
export function FollowingList({ orgs, busy }: { orgs: Organisation[]; busy: boolean }) {
  return (
    <ul className={s.followingList} data-testid="following-list">
      {orgs.map((o) => (
        <li key={o.handle} className={s.followingRow} data-testid="following">
          {o.logo ? (
            <img src={o.logo} alt="" width={48} height={48} className={s.smallLogo} />
          ) : (
            <span className={s.smallLogo} aria-hidden="true">
              {o.name.trim()[0]?.toUpperCase()}
            </span>
          )}
          <span className={s.followingText}>
            <Link to={`/org/${o.handle}`} className={s.followingName}>
              {o.name}
            </Link>
            <span className={s.muted}>
              {o.college} · {o.city} · {plural(o.followers, "follower")}
              {o.verifiedDomain ? ` · Verified · ${o.verifiedDomain}` : ""}
            </span>
          </span>
          <IntentButton
            intent="unfollow"
            fields={{ handle: o.handle, name: o.name }}
            label="Unfollow"
            busy={busy}
            testId={`unfollow-${o.handle}`}
          />
        </li>
      ))}
    </ul>
  );
}
