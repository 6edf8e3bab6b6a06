import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import type { EventCardData } from "#server/contracts/event-shape";
import { EventCard } from "#app/components/events/EventCard";
import * as s from "#app/components/events/MyEvents.css";
import { button } from "#app/styles/recipes.css";
import { callApi } from "#app/utils/api.server";
import { loginRedirect } from "#app/utils/guards.server";
import { PRODUCT_NAME } from "#app/utils/product";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const res = await callApi<EventCardData[]>(request, context, "/my/saved");
  if (res.status === 401) loginRedirect(request);
  return data(
    {
      events: res.ok ? res.data : [],
      error: res.ok ? null : res.message,
      now: new Date().toISOString(),
    },
    { headers: res.headers },
  );
}

/** Saved events (SPEC-2 §3): open ones by deadline, then the expired ones, marked Expired. */
export default function SavedEvents() {
  const { events, error, now } = useLoaderData<typeof loader>();
  const nowDate = new Date(now);
  return (
    <>
      <div className={s.head}>
        <h1 className={s.title}>Saved events</h1>
        <a href="/profile#calendar" className={button({ tone: "secondary", size: "sm" })}>
          Calendar feed
        </a>
      </div>
      {error ? (
        <p role="alert" className={s.error}>
          {error}
        </p>
      ) : null}
      {events.length === 0 ? (
        <div className={s.empty} data-testid="no-saved">
          <h2>No saved events yet</h2>
          <p>
            Tap Save on any event to keep it here and get a reminder before registration closes.
          </p>
          <Link to="/event/search" className={button()}>
            Find events
          </Link>
        </div>
      ) : (
        <ul className={s.grid} data-testid="saved-list">
          {events.map((e) => (
            <li key={e.eventNumber}>
              <EventCard
                event={e}
                href={`/event/${e.eventNumber}`}
                now={nowDate}
                headingLevel={2}
                saved
              />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

export const meta: MetaFunction = () => [
  { title: `Saved events - ${PRODUCT_NAME}` },
  { name: "robots", content: "noindex" },
];
