import { Link } from "@remix-run/react";
import type { Organisation } from "#server/contracts/orgs";
import { prose } from "#app/components/prose/Prose.css";
import { button } from "#app/styles/recipes.css";
import { PRODUCT_NAME } from "#app/utils/product";
import { fullName } from "#app/utils/user";
import { FollowButton } from "./FollowButton";
import { PastEvents, UpcomingEvents } from "./OrgEvents";
import type { OrgEventCard } from "./types";
import * as s from "./Org.css";

const instagramUrl = (v: string) =>
  /^https?:\/\//.test(v) ? v : `https://www.instagram.com/${v.replace(/^@/, "")}`;
const websiteUrl = (v: string) => (/^https?:\/\//.test(v) ? v : `https://${v}`);

/**
 * An organisation's page (SPEC-4 §4): who it is, Follow, about (Markdown made safe HTML on the
 * server), its upcoming and past events with winners, its people and its calendar feed.
 */
export function OrgView({
  org,
  aboutHtml,
  upcoming,
  past,
  now,
  calendarUrl,
  canManage,
}: {
  org: Organisation;
  aboutHtml: string | null;
  upcoming: OrgEventCard[];
  past: OrgEventCard[];
  now: string;
  calendarUrl: string;
  canManage: boolean;
}) {
  return (
    <article className={s.page} data-testid="org-page">
      <header className={s.hero}>
        <div className={s.head}>
          {org.logo ? (
            <img src={org.logo} alt="" width={72} height={72} className={s.logo} />
          ) : (
            <span className={s.logo} aria-hidden="true">
              {org.name.trim()[0]?.toUpperCase()}
            </span>
          )}
          <div>
            <h1 className={s.name}>{org.name}</h1>
            <p className={s.meta}>
              {org.college} · {org.city}
            </p>
          </div>
        </div>
        {org.verifiedDomain ? (
          <span className={s.verified} data-testid="verified">
            Verified · {org.verifiedDomain}
          </span>
        ) : null}
        <div className={s.heroActions}>
          <FollowButton
            handle={org.handle}
            following={org.following === true}
            followers={org.followers}
          />
          {canManage ? (
            <Link
              to={`/org/${org.handle}/settings`}
              className={button({ tone: "secondary", size: "sm" })}
              data-testid="org-settings-link"
            >
              Settings
            </Link>
          ) : null}
        </div>
      </header>
      {aboutHtml || org.website || org.instagram ? (
        <section className={s.section} aria-labelledby="org-about">
          <h2 id="org-about" className={s.sectionTitle}>
            About
          </h2>
          {aboutHtml ? (
            <div
              className={`${prose} ${s.about}`}
              data-testid="org-about"
              // Made on the server from Markdown: typed HTML escaped, then an allow-list.
              dangerouslySetInnerHTML={{ __html: aboutHtml }}
            />
          ) : null}
          <div className={s.links}>
            {org.website ? (
              <a href={websiteUrl(org.website)} rel="noopener noreferrer nofollow">
                Website
              </a>
            ) : null}
            {org.instagram ? (
              <a href={instagramUrl(org.instagram)} rel="noopener noreferrer nofollow">
                Instagram
              </a>
            ) : null}
          </div>
        </section>
      ) : null}
      <UpcomingEvents events={upcoming} now={now} />
      <PastEvents events={past} />
      <section className={s.section} aria-labelledby="org-people">
        <h2 id="org-people" className={s.sectionTitle}>
          People
        </h2>
        <ul className={s.people} data-testid="org-people">
          <li>{fullName(org.owner)} (owner)</li>
          {org.admins.map((a) => (
            <li key={a.userId}>{fullName(a)}</li>
          ))}
        </ul>
      </section>
      <p className={s.feed}>
        <a href={calendarUrl} data-testid="org-calendar">
          Calendar feed
        </a>{" "}
        <span className={s.muted}>
          Add its events to Google Calendar, Outlook or your phone: subscribe to this link.
        </span>
      </p>
    </article>
  );
}

/** schema.org Organization for search engines. */
export function orgJsonLd(org: Organisation, appUrl: string): Record<string, unknown> {
  return {
    "@context": "https://schema.org",
    "@type": "Organization",
    name: org.name,
    url: `${appUrl}/org/${org.handle}`,
    ...(org.logo ? { logo: new URL(org.logo, `${appUrl}/`).href } : {}),
    description: orgDescription(org),
    address: { "@type": "PostalAddress", addressLocality: org.city },
    parentOrganization: { "@type": "CollegeOrUniversity", name: org.college },
    sameAs: [
      ...(org.website ? [websiteUrl(org.website)] : []),
      ...(org.instagram ? [instagramUrl(org.instagram)] : []),
    ],
  };
}

/** One line for search engines and link previews: the About as plain text, else who it is. */
export function orgDescription(org: Organisation): string {
  const plain = (org.about ?? "")
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/[#*_`>~|-]+/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  const who = `${org.name}, ${org.college}, ${org.city}`;
  if (!plain) return `${who}: events on ${PRODUCT_NAME}.`;
  return plain.length > 200 ? `${plain.slice(0, 197).trimEnd()}…` : plain;
}
