import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import type { EventCardData } from "#server/contracts/event-shape";
import { ROLE_LABELS, type Role } from "#server/contracts/team";
import { EventCard } from "#app/components/events/EventCard";
import { callApi } from "#app/utils/api.server";
import { loginRedirect } from "#app/utils/guards.server";
import { PRODUCT_NAME } from "#app/utils/product";
import { button, input } from "#app/styles/recipes.css";
import { visuallyHidden } from "#app/styles/global.css";
import * as s from "#app/components/events/MyEvents.css";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const q = (new URL(request.url).searchParams.get("q") ?? "").trim().slice(0, 100);
  const res = await callApi<(EventCardData & { myRole: Role })[]>(
    request,
    context,
    `/my/event${q ? `?q=${encodeURIComponent(q)}` : ""}`,
  );
  if (res.status === 401) loginRedirect(request);
  return data(
    {
      q,
      events: res.ok ? res.data : [],
      error: res.ok ? null : res.message,
      now: new Date().toISOString(),
    },
    { headers: res.headers },
  );
}

export default function MyEvents() {
  const { q, events, error, now } = useLoaderData<typeof loader>();
  const nowDate = new Date(now);
  return (
    <>
      <div className={s.head}>
        <h1 className={s.title}>My Events</h1>
        <Form method="get" role="search" className={s.search}>
          <label htmlFor="my-q" className={visuallyHidden}>
            Search my events by name
          </label>
          <input
            id="my-q"
            type="search"
            name="q"
            defaultValue={q}
            key={q}
            placeholder="Search by event name"
            maxLength={100}
            className={input()}
          />
          <button type="submit" className={button({ size: "sm" })}>
            Search
          </button>
        </Form>
      </div>
      {error ? (
        <p role="alert" className={s.error}>
          {error}
        </p>
      ) : null}
      {events.length === 0 ? (
        <div className={s.empty} data-testid="no-results">
          <h2>No Event Found</h2>
          <Link to="/event/category" className={button()}>
            Create Now
          </Link>
        </div>
      ) : (
        <ul className={s.grid}>
          {events.map((e) => (
            <li key={e.eventNumber}>
              <EventCard
                event={e}
                href={`/my/event/${e.eventNumber}`}
                now={nowDate}
                headingLevel={2}
                role={ROLE_LABELS[e.myRole]}
              />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

export const meta: MetaFunction = () => [
  { title: `My Events - ${PRODUCT_NAME}` },
  { name: "robots", content: "noindex" },
];
