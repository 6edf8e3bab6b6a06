import type { Organisation } from "#server/contracts/orgs";
import { fullName } from "#app/utils/user";
import { FollowButton } from "./FollowButton";
import * as s from "./Org.css";

const instagramUrl = (v: string) =>
  /^https?:\/\//.test(v) ? v : `https://www.instagram.com/${v.replace(/^@/, "")}`;
const websiteUrl = (v: string) => (/^https?:\/\//.test(v) ? v : `https://${v}`);

/** An organisation's page (SPEC-4 §4): who it is, Follow, about, its people. */
export function OrgView({ org }: { org: Organisation }) {
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
        <FollowButton
          handle={org.handle}
          following={org.following === true}
          followers={org.followers}
        />
      </header>
      {org.about || org.website || org.instagram ? (
        <section className={s.section} aria-labelledby="org-about">
          <h2 id="org-about" className={s.sectionTitle}>
            About
          </h2>
          {org.about ? <p className={s.about}>{org.about}</p> : null}
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
    ...(org.about ? { description: org.about.slice(0, 300) } : {}),
    address: { "@type": "PostalAddress", addressLocality: org.city },
    parentOrganization: { "@type": "CollegeOrUniversity", name: org.college },
    sameAs: [
      ...(org.website ? [websiteUrl(org.website)] : []),
      ...(org.instagram ? [instagramUrl(org.instagram)] : []),
    ],
  };
}
