import { PRIZE_RANK_LABELS } from "#server/contracts/constants";
import type { PublicProfile } from "#server/contracts/profiles";

const rankLabel = (rank: number) => PRIZE_RANK_LABELS[rank] ?? `Rank ${rank}`;

/** schema.org Person for a public profile: name, college, organisations and wins as awards. */
export function personJsonLd(p: PublicProfile, appUrl: string): Record<string, unknown> {
  const url = `${appUrl}/u/${p.handle}`;
  return {
    "@context": "https://schema.org",
    "@type": "Person",
    name: [p.firstName, p.lastName].filter(Boolean).join(" "),
    givenName: p.firstName,
    ...(p.lastName ? { familyName: p.lastName } : {}),
    url,
    identifier: p.handle,
    ...(p.avatar ? { image: new URL(p.avatar, `${appUrl}/`).href } : {}),
    ...(p.collegeName
      ? { affiliation: { "@type": "CollegeOrUniversity", name: p.collegeName } }
      : {}),
    ...(p.orgs.length
      ? {
          memberOf: p.orgs.map((o) => ({
            "@type": "Organization",
            name: o.name,
            url: `${appUrl}/org/${o.handle}`,
          })),
        }
      : {}),
    ...(p.wins.length
      ? { award: p.wins.map((w) => `${rankLabel(w.rank) ?? "Winner"}, ${w.eventName}`) }
      : {}),
  };
}

/** One line for link previews: "B.Tech at IIT Delhi · 3 events · 1 win on Utsav". */
export function profileDescription(p: PublicProfile): string {
  const about = [p.course, p.collegeName].filter(Boolean).join(" at ");
  const counts = [
    `${p.takenPart.length} ${p.takenPart.length === 1 ? "event" : "events"}`,
    p.wins.length ? `${p.wins.length} ${p.wins.length === 1 ? "win" : "wins"}` : "",
    p.certificates.length
      ? `${p.certificates.length} ${p.certificates.length === 1 ? "certificate" : "certificates"}`
      : "",
  ].filter(Boolean);
  return [about, ...counts].filter(Boolean).join(" · ") + " on Utsav";
}
