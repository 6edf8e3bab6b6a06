import { Form } from "@remix-run/react";
import { visuallyHidden } from "#app/styles/global.css";
import { button, input } from "#app/styles/recipes.css";
import * as s from "./Organiser.css";

/** A GET search of one of the organiser page's lists (registrants, a round's submissions). */
export function SearchForm({
  id,
  name,
  label,
  q,
  placeholder,
  hidden = {},
}: {
  id: string;
  name: string;
  label: string;
  q: string;
  placeholder: string;
  /** Fields sent along (which list the search is for). */
  hidden?: Record<string, string>;
}) {
  return (
    <Form method="get" role="search" className={`${s.toolbar} ${s.grow}`}>
      {Object.entries(hidden).map(([k, v]) => (
        <input key={k} type="hidden" name={k} value={v} />
      ))}
      <label htmlFor={id} className={visuallyHidden}>
        {label}
      </label>
      <input
        id={id}
        type="search"
        name={name}
        defaultValue={q}
        key={q}
        maxLength={100}
        placeholder={placeholder}
        className={`${input()} ${s.grow}`}
      />
      <button type="submit" className={button({ size: "sm" })}>
        Search
      </button>
    </Form>
  );
}
