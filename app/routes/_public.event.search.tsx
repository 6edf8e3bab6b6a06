import { canEditEvent } from "#app/components/events/format";
import { useEffect, useRef } from "react";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Link, useLoaderData, useNavigation } from "@remix-run/react";
import { EVENT_NUMBER_PATTERN, MODES, SEARCH_EVENT_TYPES } from "#server/contracts/constants";
import { type Filters, searchHref } from "#app/components/events/search-href";
import { SearchFilters } from "#app/components/events/SearchFilters";
import type { EventCardData, EventData } from "#server/contracts/event-shape";
import { EventCardItems } from "#app/components/events/EventCard";
import { EventPlaceholder, EventView } from "#app/components/events/EventView";
import { eventAsShown } from "#app/components/events/event-details.server";
import { callApi } from "#app/utils/api.server";
import { pageNow } from "#app/utils/kept-html.server";
import { PRODUCT_NAME } from "#app/utils/product";
import { useEditableEvents, useSavedEvents } from "#app/utils/use-saved";
import { keyJson } from "#app/utils/kept-html";
import { button } from "#app/styles/recipes.css";
import * as s from "#app/components/events/Search.css";
import { EventsOrEmpty } from "#app/components/events/EventsOrEmpty";
import { OrgSearchResults } from "#app/components/orgs/OrgSearchResults";
import { orgSearch } from "#app/components/orgs/org-search.server";
import { type OrgMatch, OrgMatches } from "#app/components/orgs/OrgMatches";

const PAGE_SIZE = 20;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const type = url.searchParams.get("type") ?? "";
  const mode = url.searchParams.get("mode") ?? "";
  const filters: Filters = {
    type: (SEARCH_EVENT_TYPES as readonly string[]).includes(type) ? type : "",
    mode: (MODES as readonly string[]).includes(mode) ? mode : "",
    q: (url.searchParams.get("q") ?? "").trim().slice(0, 100),
  };
  // SPEC-4 §4: ?org={handle} lists one organisation's events, under its name.
  const byOrg = await orgSearch(request, context, url.searchParams.get("org"));
  if (byOrg)
    return data({
      filters,
      events: [] as EventCardData[],
      total: 0,
      totalCapped: false,
      page: 1,
      pageCount: 1,
      selected: null as EventData | null,
      picked: false,
      error: null as string | null,
      byOrg,
      orgs: [] as OrgMatch[],
      now: pageNow(context).toISOString(),
      appUrl: context.config.appUrl,
    });
  const page = Math.max(1, Math.floor(Number(url.searchParams.get("page"))) || 1);
  const api = new URLSearchParams({ page: String(page), limit: String(PAGE_SIZE) });
  if (filters.type) api.set("eventType", filters.type);
  if (filters.mode) api.set("modeOfEvent", filters.mode);
  if (filters.q) api.set("q", filters.q);
  const filtered = filters.type || filters.mode || filters.q;
  // The list is the same for everyone: asked as a visitor, shared for a few seconds. With text,
  // up to 3 organisations that match too (SPEC-4 §4), on the first page.
  const [list, orgs] = await Promise.all([
    callApi<EventCardData[]>(request, context, `/event/${filtered ? "find" : "get-all"}?${api}`, {
      asVisitor: true,
    }),
    filters.q && page === 1
      ? callApi<OrgMatch[]>(
          request,
          context,
          `/orgs/search?${new URLSearchParams({ q: filters.q })}`,
          { asVisitor: true },
        ).then((r) => (r.ok ? r.data.slice(0, 3) : []))
      : Promise.resolve([] as OrgMatch[]),
  ]);
  const events = list.ok ? list.data : [];
  const total = Number(list.apiHeaders.get("x-total-count") ?? events.length) || 0;
  const totalCapped = list.apiHeaders.get("x-total-count-capped") === "true";

  // The picked card, else the first result, as anyone is shown it (the layout knows whom it lets
  // edit).
  const wanted = url.searchParams.get("selected");
  let selected: EventData | null = null;
  for (const n of [wanted, events[0]?.eventNumber]) {
    if (!n || !EVENT_NUMBER_PATTERN.test(n) || selected) continue;
    const res = await eventAsShown(request, context, n);
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
    byOrg: null,
    orgs,
    now: pageNow(context).toISOString(),
    appUrl: context.config.appUrl,
  });
}

export default function Search() {
  const {
    filters,
    events,
    total,
    totalCapped,
    page,
    pageCount,
    selected,
    picked,
    error,
    byOrg,
    orgs,
    now,
  } = useLoaderData<typeof loader>();
  const saved = useSavedEvents();
  const editable = useEditableEvents();
  const navigation = useNavigation();
  const listRef = useRef<HTMLDivElement>(null);
  const filterKey = `${filters.type}|${filters.mode}|${filters.q}|${page}`;
  const nowDate = new Date(now);
  // A draft comes with the viewer's role; a published event as everybody's.
  const isCreator = !!selected && (canEditEvent(selected) || !!editable?.has(selected.eventNumber));

  // New filters or page: the list starts from its top.
  // biome-ignore lint/correctness/useExhaustiveDependencies: filterKey is the trigger: new filters start the list at its top
  useEffect(() => {
    listRef.current?.scrollTo?.({ top: 0 });
  }, [filterKey]);

  const pendingSelection =
    navigation.state === "loading" && navigation.location.pathname === "/event/search"
      ? new URLSearchParams(navigation.location.search).get("selected")
      : null;

  if (byOrg) return <OrgSearchResults org={byOrg.org} events={byOrg.events} now={now} />;
  return (
    <>
      <div className={s.head}>
        <h1 className={s.title}>Search Events</h1>
        <p className={s.count} aria-live="polite" data-testid="result-count">
          {totalCapped ? `${total.toLocaleString("en-IN")}+` : total}{" "}
          {total === 1 && !totalCapped ? "event" : "events"}
        </p>
      </div>

      <SearchFilters filters={filters} />
      <OrgMatches orgs={orgs} />

      <EventsOrEmpty
        error={error}
        count={events.length}
        emptyTestId="no-results"
        empty={
          <>
            <h2>No Event Found</h2>
            <Link to="/" className={button({ tone: "secondary" })}>
              Back to Home
            </Link>
          </>
        }
      >
        <div className={s.layout}>
          <div className={s.list} ref={listRef} data-testid="result-list">
            <EventCardItems
              className={s.cards}
              cards={events.map((e) => ({
                event: e,
                href: searchHref(filters, { page, selected: e.eventNumber }),
                now: nowDate,
                selected: e.eventNumber === selected?.eventNumber,
                headingLevel: 2,
                preventScrollReset: true,
                saved: saved?.has(e.eventNumber),
              }))}
            />
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
                keptKey={() => [keyJson(selected), now, isCreator].join("\t")}
                event={selected}
                variant="preview"
                now={nowDate}
                isCreator={isCreator}
              />
            ) : null}
          </aside>
        </div>
      </EventsOrEmpty>
    </>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => {
  if (loaded?.byOrg)
    return [
      { title: `Events by ${loaded.byOrg.org.name} - ${PRODUCT_NAME}` },
      {
        tagName: "link",
        rel: "canonical",
        href: `${loaded.appUrl}/org/${loaded.byOrg.org.handle}`,
      },
    ];
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
