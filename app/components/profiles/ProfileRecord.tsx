import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { PRIZE_RANK_LABELS } from "#server/contracts/constants";
import type { ProfileEvent, PublicProfile } from "#server/contracts/profiles";

/** As certificates name ranks, without the certificate contract (and Zod) in a public page. */
const rankLabel = (rank: number) => (rank ? (PRIZE_RANK_LABELS[rank] ?? `Rank ${rank}`) : null);
import { certificateTitle } from "#app/components/certificates/labels";
import { formatDateIST } from "#app/utils/dates";
import { fullName } from "#app/utils/user";
import * as s from "./ProfileRecord.css";
import { ShareProfile } from "./ShareProfile";

function Section({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <section className={s.section} aria-labelledby={id} data-testid={id}>
      <h2 id={id} className={s.sectionTitle}>
        {title}
      </h2>
      <ul className={s.list}>{children}</ul>
    </section>
  );
}

function EventRow({ event, sub, badge }: { event: ProfileEvent; sub: string; badge?: ReactNode }) {
  return (
    <li className={s.row}>
      <span className={s.rowMain}>
        <Link to={`/event/${event.eventNumber}`} className={s.rowTitle}>
          {event.eventName}
        </Link>
        <span className={s.rowSub}>{sub}</span>
      </span>
      {badge}
    </li>
  );
}

const byOrganiser = (e: ProfileEvent) =>
  [e.organisationName, e.endedAt && formatDateIST(e.endedAt)].filter(Boolean).join(" · ");

/** A person's public record (SPEC-4 §5): who they are, then wins, rounds, events, certificates. */
export function ProfileRecord({ profile: p, url }: { profile: PublicProfile; url: string }) {
  const name = fullName(p);
  const initials = [p.firstName, p.lastName].map((n) => n?.trim()[0] ?? "").join("");
  const about = [p.course, p.collegeName].filter(Boolean).join(" · ");
  const stats = [
    [p.takenPart.length, p.takenPart.length === 1 ? "event" : "events"],
    [p.results.length, p.results.length === 1 ? "round advanced" : "rounds advanced"],
    [p.wins.length, p.wins.length === 1 ? "win" : "wins"],
    [p.certificates.length, p.certificates.length === 1 ? "certificate" : "certificates"],
  ] as const;
  const nothing = stats.every(([n]) => n === 0);
  return (
    <article className={s.page} data-testid="public-profile">
      <header className={s.hero}>
        {p.avatar ? (
          <img src={p.avatar} alt="" width={88} height={88} className={s.avatar} />
        ) : (
          <span className={s.avatar} aria-hidden="true">
            {initials.toUpperCase()}
          </span>
        )}
        <h1 className={s.name}>{name}</h1>
        <p className={s.handle}>@{p.handle}</p>
        {about ? <p className={s.meta}>{about}</p> : null}
        <ul className={s.stats} aria-label="At a glance">
          {stats.map(([n, label]) => (
            <li key={label} className={s.stat}>
              <span className={s.statValue}>{n}</span>
              <span className={s.statLabel}>{label}</span>
            </li>
          ))}
        </ul>
        <ShareProfile url={url} name={name} />
      </header>
      {nothing ? (
        <section className={s.section}>
          <p className={s.empty}>{p.firstName} has not finished an event on Utsav yet.</p>
        </section>
      ) : null}
      {p.wins.length ? (
        <Section title="Wins" id="profile-wins">
          {p.wins.map((w) => (
            <EventRow
              key={`${w.eventNumber}-${w.rank}`}
              event={w}
              sub={byOrganiser(w)}
              badge={<span className={s.win}>{rankLabel(w.rank)}</span>}
            />
          ))}
        </Section>
      ) : null}
      {p.results.length ? (
        <Section title="Rounds advanced" id="profile-results">
          {p.results.map((r) => (
            <EventRow
              key={`${r.eventNumber}-${r.roundIndex}`}
              event={r}
              sub={`Advanced from ${r.round}`}
            />
          ))}
        </Section>
      ) : null}
      {p.takenPart.length ? (
        <Section title="Took part in" id="profile-events">
          {p.takenPart.map((e) => (
            <EventRow key={e.eventNumber} event={e} sub={byOrganiser(e)} />
          ))}
        </Section>
      ) : null}
      {p.certificates.length ? (
        <Section title="Certificates" id="profile-certificates">
          {p.certificates.map((c) => (
            <li key={c._id} className={s.row}>
              <span className={s.rowMain}>
                <span className={s.rowTitle}>{c.eventName}</span>
                <span className={s.rowSub}>
                  {certificateTitle({ kind: c.kind, rankLabel: rankLabel(c.rank) })} ·{" "}
                  {formatDateIST(c.issuedAt)}
                </span>
              </span>
              <Link to={c.url} className={s.badge}>
                Verify
              </Link>
            </li>
          ))}
        </Section>
      ) : null}
      {p.orgs.length ? (
        <Section title="Organisations" id="profile-orgs">
          {p.orgs.map((o) => (
            <li key={o.handle} className={s.row}>
              <Link to={`/org/${o.handle}`} className={s.rowTitle}>
                {o.name}
              </Link>
              <span className={s.badge}>{o.role === "owner" ? "Owner" : "Admin"}</span>
            </li>
          ))}
        </Section>
      ) : null}
    </article>
  );
}
