import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { EventCardList } from "#app/components/events/EventCardList";
import { loadMyEventCards } from "#app/utils/event-cards.server";
import { ROLE_LABELS, type Role } from "#server/contracts/team-roles";
import type { MyEventCardData } from "#server/contracts/event-shape";
import { PRODUCT_NAME } from "#app/utils/product";
import { button, input } from "#app/styles/recipes.css";
import { visuallyHidden } from "#app/styles/global.css";
import * as s from "#app/components/events/MyEvents.css";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const q = (new URL(request.url).searchParams.get("q") ?? "").trim().slice(0, 100);
  const path = `/my/event${q ? `?q=${encodeURIComponent(q)}` : ""}`;
  const { list, headers } = await loadMyEventCards<MyEventCardData & { myRole: Role }>(
    request,
    context,
    path,
  );
  return data({ q, ...list }, { headers });
}

export default function MyEvents() {
  const { q, ...list } = useLoaderData<typeof loader>();
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
      <EventCardList
        {...list}
        href={(e) => `/my/event/${e.eventNumber}`}
        roleOf={(e) => ROLE_LABELS[e.myRole]}
        emptyTestId="no-results"
        empty={
          <>
            <h2>No Event Found</h2>
            <Link to="/event/category" className={button()}>
              Create Now
            </Link>
          </>
        }
      />
    </>
  );
}

export const meta: MetaFunction = () => [
  { title: `My Events - ${PRODUCT_NAME}` },
  { name: "robots", content: "noindex" },
];
