import { Form } from "@remix-run/react";
import type { FormEvent } from "react";
import {
  CHECK_IN_MESSAGES as M,
  type CheckInPerson,
  hhmmIST,
  normalShortCode,
} from "#server/contracts/check-in-codes";
import { button, input, label } from "#app/styles/recipes.css";
import * as s from "./CheckIn.css";

export type ScanBody = { code: string } | { shortCode: string } | { memberId: string };

/** What the 'Ticket code' field holds: a typed short code ('elpt 33pk' too), else a QR's code. */
export function scanBodyOf(typed: string): ScanBody {
  const shortCode = normalShortCode(typed);
  return shortCode ? { shortCode } : { code: typed.trim() };
}

/**
 * The code form, the search and the list with 'Check in' buttons: plain forms posting to the
 * page; with JavaScript `onScan` and `onSearch` take them instead (online or off). With `canUndo` (owner and
 * admins) a checked-in row has 'Undo', which the page's action confirms first.
 */
export function CheckInList({
  people,
  q,
  nonce,
  canUndo,
  onScan,
  onSearch,
}: {
  people: CheckInPerson[];
  q: string;
  nonce: string;
  canUndo: boolean;
  onScan?: (body: ScanBody) => void;
  onSearch?: (q: string) => void;
}) {
  const take = (body: (f: FormData) => ScanBody) =>
    onScan
      ? (e: FormEvent<HTMLFormElement>) => {
          e.preventDefault();
          onScan(body(new FormData(e.currentTarget)));
        }
      : undefined;
  return (
    <>
      <Form
        method="post"
        className={s.row}
        onSubmit={take((f) => scanBodyOf(String(f.get("ticketCode") ?? "")))}
      >
        <input type="hidden" name="nonce" value={nonce} />
        <label className={s.grow}>
          <span className={label}>{M.codeLabel}</span>
          <input
            name="ticketCode"
            className={input()}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            required
            data-testid="ticket-code"
          />
        </label>
        <button type="submit" name="intent" value="check-in" className={button()}>
          Check in
        </button>
      </Form>
      <Form
        method="get"
        className={s.row}
        role="search"
        onSubmit={
          onSearch
            ? (e) => {
                e.preventDefault();
                onSearch(String(new FormData(e.currentTarget).get("q") ?? ""));
              }
            : undefined
        }
      >
        <label className={s.grow}>
          <span className={label}>Search</span>
          <input
            type="search"
            name="q"
            defaultValue={q}
            className={input()}
            placeholder="Name or short code"
            data-testid="search"
          />
        </label>
        <button type="submit" className={button({ tone: "secondary" })}>
          Search
        </button>
      </Form>
      <ul className={s.list} data-testid="people">
        {people.map((p) => (
          <li key={p.memberId} className={s.person} data-testid="person">
            <span className={s.who}>
              <strong>
                {p.firstName} {p.lastName}
              </strong>
              <span className={s.muted}>
                {[p.teamName, p.collegeName].filter(Boolean).join(" · ")}
              </span>
            </span>
            {p.checkedInAt ? (
              <span className={s.doneRow}>
                <span className={s.done}>
                  In at {hhmmIST(p.checkedInAt)}
                  {p.by ? ` by ${p.by}` : ""}
                </span>
                {canUndo ? <UndoButton person={p} /> : null}
              </span>
            ) : (
              <Form method="post" onSubmit={take(() => ({ memberId: p.memberId }))}>
                <input type="hidden" name="nonce" value={`${nonce}-${p.memberId}`} />
                <input type="hidden" name="memberId" value={p.memberId} />
                <button
                  type="submit"
                  name="intent"
                  value="check-in"
                  className={button({ tone: "secondary" })}
                >
                  Check in
                </button>
              </Form>
            )}
          </li>
        ))}
      </ul>
    </>
  );
}

/** 'Undo' on a checked-in row: the page's action asks to confirm, then undoes. */
function UndoButton({ person }: { person: CheckInPerson }) {
  return (
    <Form method="post">
      <input type="hidden" name="memberId" value={person.memberId} />
      <input type="hidden" name="name" value={`${person.firstName} ${person.lastName}`.trim()} />
      <button
        type="submit"
        name="intent"
        value="undo"
        className={button({ tone: "secondary" })}
        data-testid="undo"
      >
        Undo
      </button>
    </Form>
  );
}
