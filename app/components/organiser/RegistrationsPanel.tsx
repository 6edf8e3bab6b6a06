import { Link } from "@remix-run/react";
import type { RegistrationList } from "#server/contracts/organiser";
import { plural } from "#server/contracts/words";
import { formatDateTimeIST } from "#app/utils/dates";
import { button } from "#app/styles/recipes.css";
import * as s from "./Organiser.css";
import { OrganiserSection } from "./OrganiserSection";
import { SearchForm } from "./SearchForm";
import { type StackColumn, StackTable } from "./StackTable";

const REGISTRANT_COLUMNS: StackColumn<RegistrationList["items"][number]>[] = [
  { label: "Name", cell: (p) => [p.firstName, p.lastName].filter(Boolean).join(" ") },
  { label: "E-mail", cell: (p) => p.email, cellClassName: s.emailCell },
  { label: "Phone", cell: (p) => (p.phone ? `+91 ${p.phone}` : "") },
  { label: "College", cell: (p) => p.collegeName },
  { label: "Course", cell: (p) => p.course },
  {
    label: "Team",
    cell: (p) => (p.teamName ? `${p.teamName}${p.isLeader ? " (leader)" : ""}` : "—"),
  },
  { label: "Registered", cell: (p) => formatDateTimeIST(p.registeredAt) },
];

/** The registrants, a page at a time, searched on the server; the CSV has every one. */
export function RegistrationsPanel({
  eventNumber,
  list,
  q,
}: {
  eventNumber: string;
  list: RegistrationList;
  q: string;
}) {
  const { counts, items, total, page, limit } = list;
  const pages = Math.max(1, Math.ceil(total / limit));
  const at = (p: number) =>
    `?${new URLSearchParams({ section: "registrations", ...(q ? { q } : {}), page: String(p) })}#registrations`;
  const csv = `/my/event/${eventNumber}/registrations.csv${q ? `?q=${encodeURIComponent(q)}` : ""}`;
  return (
    <OrganiserSection id="registrations" title="Registrations">
      <p className={s.muted} data-testid="registration-counts">
        {plural(counts.registrations, "registration")} · {plural(counts.people, "person")} ·{" "}
        {counts.individuals} individual · {plural(counts.teams, "team")} ({counts.completeTeams}{" "}
        complete, {counts.incompleteTeams} incomplete)
      </p>
      <div className={s.toolbar}>
        <SearchForm
          id="reg-q"
          hidden={{ section: "registrations" }}
          name="q"
          label="Search registrants"
          q={q}
          placeholder="Name, e-mail, phone, college or team"
        />
        <a href={csv} download className={button({ tone: "secondary", size: "sm" })}>
          Download CSV
        </a>
      </div>
      {items.length === 0 ? (
        <p className={s.muted}>{q ? `Nobody matches “${q}”.` : "No registrations yet."}</p>
      ) : (
        <div className={s.tableWrap}>
          <StackTable
            data-testid="registrants"
            columns={REGISTRANT_COLUMNS}
            rows={items}
            rowKey={(p) => `${p.registrationId}-${p.userId}`}
          />
        </div>
      )}
      {pages > 1 ? (
        <nav className={s.pager} aria-label="Registrant pages">
          {page > 1 ? (
            <Link to={at(page - 1)} className={button({ tone: "secondary", size: "sm" })}>
              Previous
            </Link>
          ) : (
            <span />
          )}
          <span className={s.muted}>
            Page {page} of {pages} ({plural(total, "person")})
          </span>
          {page < pages ? (
            <Link to={at(page + 1)} className={button({ tone: "secondary", size: "sm" })}>
              Next
            </Link>
          ) : (
            <span />
          )}
        </nav>
      ) : null}
    </OrganiserSection>
  );
}
