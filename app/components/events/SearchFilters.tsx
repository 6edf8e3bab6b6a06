import { Form } from "@remix-run/react";
import { type FormEvent, useEffect, useRef } from "react";
import { MODES, SEARCH_EVENT_TYPES } from "#server/contracts/constants";
import { useKeptContent } from "#app/utils/kept-html";
import { visuallyHidden } from "#app/styles/global.css";
import { button } from "#app/styles/recipes.css";
import type { Filters } from "./search-href";
import * as s from "./Search.css";
import { useSearchSubmit } from "./use-search-submit";

/**
 * The search page's filters: a real GET form (Search sends it without JavaScript); with
 * JavaScript a change applies at once, typing after a short pause.
 */
export function SearchFilters({ filters }: { filters: Filters }) {
  const search = useSearchSubmit();
  const formRef = useRef<HTMLFormElement>(null);

  // Keep the controls in step with the address (the top bar's box, back/forward), except
  // the box someone is typing in.
  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    const type = form.elements.namedItem("type") as HTMLSelectElement | null;
    if (type && type.value !== filters.type) type.value = filters.type;
    const q = form.elements.namedItem("q") as HTMLInputElement | null;
    if (q && document.activeElement !== q && q.value !== filters.q) q.value = filters.q;
    for (const radio of form.querySelectorAll<HTMLInputElement>("input[name=mode]")) {
      radio.checked = radio.value === filters.mode;
    }
  }, [filters.type, filters.mode, filters.q]);

  function onChange(e: FormEvent<HTMLFormElement>) {
    if ((e.target as HTMLInputElement).name === "q") search.soon(e.currentTarget);
    else search.now(e.currentTarget);
  }

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    search.now(e.currentTarget);
  }

  // The controls are a pure function of the filters: on the server their HTML is kept for them.
  const controls = useKeptContent(
    () => JSON.stringify(filters),
    <>
      <label htmlFor="filter-type" className={visuallyHidden}>
        Event type
      </label>
      <select id="filter-type" name="type" defaultValue={filters.type} className={s.select}>
        <option value="">All</option>
        {SEARCH_EVENT_TYPES.map((t) => (
          <option key={t} value={t}>
            {t}
          </option>
        ))}
      </select>
      <fieldset className={s.pills}>
        <legend className={visuallyHidden}>Mode of event</legend>
        {[
          { value: "", label: "Any mode" },
          ...MODES.slice()
            .reverse()
            .map((m) => ({ value: m, label: m })),
        ].map((m) => (
          <span key={m.value}>
            <input
              type="radio"
              id={`mode-${m.value || "any"}`}
              name="mode"
              value={m.value}
              defaultChecked={filters.mode === m.value}
              className={s.pillInput}
            />
            <label htmlFor={`mode-${m.value || "any"}`} className={s.pill}>
              {m.label}
            </label>
          </span>
        ))}
      </fieldset>
      <label htmlFor="filter-q" className={visuallyHidden}>
        Search by event, festival or organisation
      </label>
      <input
        id="filter-q"
        type="search"
        name="q"
        defaultValue={filters.q}
        placeholder="Event, festival or college"
        maxLength={100}
        className={s.textBox}
      />
      <button type="submit" className={button({ size: "sm" })}>
        Search
      </button>
    </>,
  );
  return (
    <Form
      method="get"
      action="/event/search"
      ref={formRef}
      onChange={onChange}
      onSubmit={onSubmit}
      className={s.filters}
      role="search"
      aria-label="Filter events"
      {...controls}
    />
  );
}
