import { type FormEvent, useEffect, useRef } from "react";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation, useSubmit } from "@remix-run/react";
import { EVENT_NUMBER_PATTERN, MODES, SEARCH_EVENT_TYPES } from "#server/contracts/constants";
import type { EventCardData, EventData } from "#server/contracts/event-shape";
import { EventCard } from "#app/components/event/EventCard";
import { EventPlaceholder, EventView } from "#app/components/event/EventView";
import { callApi } from "#app/utils/api.server";
import { PRODUCT_NAME } from "#app/utils/product";
import { useSavedEvents } from "#app/utils/use-saved";
import { useOptionalUser } from "#app/utils/use-user";
import { button } from "#app/styles/recipes.css";
import { visuallyHidden } from "#app/styles/global.css";
import * as s from "#app/components/event/Search.css";

const PAGE_SIZE = 20;
const TEXT_DEBOUNCE_MS = 350;

interface Filters {
  type: string;
  mode: string;
  q: string;
}

/** The search address for these filters (empty ones left out), plus optional page and selection. */
function searchHref(f: Filters, extra: { page?: number; selected?: string } = {}): string {
  const p = new URLSearchParams();
  if (f.type) p.set("type", f.type);
  if (f.mode) p.set("mode", f.mode);
  if (f.q) p.set("q", f.q);
  if (extra.page && extra.page > 1) p.set("page", String(extra.page));
  if (extra.selected) p.set("selected", extra.selected);
  const qs = p.toString();
  return `/event/search${qs ? `?${qs}` : ""}`;
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const type = url.searchParams.get("type") ?? "";
  const mode = url.searchParams.get("mode") ?? "";
  const filters: Filters = {
    type: (SEARCH_EVENT_TYPES as readonly string[]).includes(type) ? type : "",
    mode: (MODES as readonly string[]).includes(mode) ? mode : "",
    q: (url.searchParams.get("q") ?? "").trim().slice(0, 100),
  };
  const page = Math.max(1, Math.floor(Number(url.searchParams.get("page"))) || 1);
  const api = new URLSearchParams({ page: String(page), limit: String(PAGE_SIZE) });
  if (filters.type) api.set("eventType", filters.type);
  if (filters.mode) api.set("modeOfEvent", filters.mode);
  if (filters.q) api.set("q", filters.q);
  const filtered = filters.type || filters.mode || filters.q;
  const list = await callApi<EventCardData[]>(
    request,
    context,
    `/event/${filtered ? "find" : "get-all"}?${api}`,
  );
  const events = list.ok ? list.data : [];
  const total = Number(list.apiHeaders.get("x-total-count") ?? events.length) || 0;
  const totalCapped = list.apiHeaders.get("x-total-count-capped") === "true";

  // The picked card, else the first result.
  const wanted = url.searchParams.get("selected");
  let selected: EventData | null = null;
  for (const n of [wanted, events[0]?.eventNumber]) {
    if (!n || !EVENT_NUMBER_PATTERN.test(n) || selected) continue;
    const res = await callApi<EventData>(request, context, `/event/details/${n}`);
    if (res.ok) selected = res.data;
  }
  return data({
    filters,
    events,
    total,
    totalCapped,
    page,
    pageCount: Math.max(1, Math.ceil(total / PAGE_SIZE)),
    selected,
    // Only an explicit pick opens the detail over the list on a phone.
    picked: !!wanted && selected?.eventNumber === wanted,
    error: list.ok ? null : list.message,
    now: new Date().toISOString(),
    appUrl: context.config.appUrl,
  });
}

export default function Search() {
  const { filters, events, total, totalCapped, page, pageCount, selected, picked, error, now } =
    useLoaderData<typeof loader>();
  const user = useOptionalUser();
  const saved = useSavedEvents();
  const submit = useSubmit();
  const navigation = useNavigation();
  const formRef = useRef<HTMLFormElement>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  const filterKey = `${filters.type}|${filters.mode}|${filters.q}|${page}`;
  const nowDate = new Date(now);

  // New filters or page: the list starts from its top.
  // biome-ignore lint/correctness/useExhaustiveDependencies: filterKey is the trigger: new filters start the list at its top
  useEffect(() => {
    listRef.current?.scrollTo?.({ top: 0 });
  }, [filterKey]);

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

  useEffect(() => () => clearTimeout(timer.current), []);

  /** Submits the filters without empty values (and so without page or selection). */
  function apply(form: HTMLFormElement) {
    const params = new URLSearchParams();
    for (const [k, v] of new FormData(form)) {
      if (typeof v === "string" && v.trim()) params.set(k, v.trim());
    }
    submit(params, { method: "get", action: "/event/search", replace: true });
  }

  function onChange(e: FormEvent<HTMLFormElement>) {
    const form = e.currentTarget;
    clearTimeout(timer.current);
    if ((e.target as HTMLInputElement).name === "q") {
      timer.current = setTimeout(() => apply(form), TEXT_DEBOUNCE_MS);
    } else {
      apply(form);
    }
  }

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    clearTimeout(timer.current);
    apply(e.currentTarget);
  }

  const pendingSelection =
    navigation.state === "loading" && navigation.location.pathname === "/event/search"
      ? new URLSearchParams(navigation.location.search).get("selected")
      : null;

  return (
    <>
      <div className={s.head}>
        <h1 className={s.title}>Search Events</h1>
        <p className={s.count} aria-live="polite" data-testid="result-count">
          {totalCapped ? `${total.toLocaleString("en-IN")}+` : total}{" "}
          {total === 1 && !totalCapped ? "event" : "events"}
        </p>
      </div>

      <Form
        method="get"
        action="/event/search"
        ref={formRef}
        onChange={onChange}
        onSubmit={onSubmit}
        className={s.filters}
        role="search"
        aria-label="Filter events"
      >
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
      </Form>

      {error ? (
        <p role="alert" className={s.error}>
          {error}
        </p>
      ) : null}

      {events.length === 0 ? (
        <div className={s.empty} data-testid="no-results">
          <h2>No Event Found</h2>
          <Link to="/" className={button({ tone: "secondary" })}>
            Back to Home
          </Link>
        </div>
      ) : (
        <div className={s.layout}>
          <div className={s.list} ref={listRef} data-testid="result-list">
            <ul className={s.cards}>
              {events.map((e) => (
                <li key={e.eventNumber}>
                  <EventCard
                    event={e}
                    href={searchHref(filters, { page, selected: e.eventNumber })}
                    now={nowDate}
                    selected={e.eventNumber === selected?.eventNumber}
                    headingLevel={2}
                    preventScrollReset
                    saved={saved?.has(e.eventNumber)}
                  />
                </li>
              ))}
            </ul>
            {pageCount > 1 ? (
              <nav className={s.pager} aria-label="Pages">
                {page > 1 ? (
                  <Link to={searchHref(filters, { page: page - 1 })} rel="prev">
                    Previous
                  </Link>
                ) : (
                  <span />
                )}
                <span>
                  Page {page} of {pageCount}
                </span>
                {page < pageCount ? (
                  <Link to={searchHref(filters, { page: page + 1 })} rel="next">
                    Next
                  </Link>
                ) : (
                  <span />
                )}
              </nav>
            ) : null}
          </div>
          <aside
            className={`${s.detail} ${picked ? s.detailOpen : ""}`}
            aria-label="Selected event"
            data-testid="event-detail"
          >
            <div className={s.close}>
              <Link
                to={searchHref(filters, { page })}
                preventScrollReset
                className={button({ tone: "secondary", size: "sm" })}
              >
                Close
              </Link>
            </div>
            {pendingSelection && pendingSelection !== selected?.eventNumber ? (
              <EventPlaceholder />
            ) : selected ? (
              <EventView
                event={selected}
                variant="preview"
                now={nowDate}
                isCreator={!!user && user._id === selected.madeBy}
              />
            ) : null}
          </aside>
        </div>
      )}
    </>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => {
  const type = loaded?.filters.type;
  const title = type
    ? `${type} - Search Events - ${PRODUCT_NAME}`
    : `Search Events - ${PRODUCT_NAME}`;
  const description = `Find ${type ? type.toLowerCase() : "hackathons, quizzes, fests, workshops and competitions"} from colleges across India on ${PRODUCT_NAME}.`;
  const canonical = loaded
    ? `${loaded.appUrl}${type ? `/event/search?type=${encodeURIComponent(type)}` : "/event/search"}`
    : undefined;
  return [
    { title },
    { name: "description", content: description },
    ...(canonical ? [{ tagName: "link", rel: "canonical", href: canonical }] : []),
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:type", content: "website" },
    { name: "twitter:card", content: "summary" },
  ];
};
