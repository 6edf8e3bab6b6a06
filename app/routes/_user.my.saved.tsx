import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { EventCardList } from "#app/components/events/EventCardList";
import * as s from "#app/components/events/MyEvents.css";
import { button } from "#app/styles/recipes.css";
import { loadMyEventCards } from "#app/utils/event-cards.server";
import { PRODUCT_NAME } from "#app/utils/product";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { list, headers } = await loadMyEventCards(request, context, "/my/saved");
  return data(list, { headers });
}

/** Saved events (SPEC-2 §3): open ones by deadline, then the expired ones, marked Expired. */
export default function SavedEvents() {
  const list = useLoaderData<typeof loader>();
  return (
    <>
      <div className={s.head}>
        <h1 className={s.title}>Saved events</h1>
        <a href="/profile#calendar" className={button({ tone: "secondary", size: "sm" })}>
          Calendar feed
        </a>
      </div>
      <EventCardList
        {...list}
        href={(e) => `/event/${e.eventNumber}`}
        saved
        listTestId="saved-list"
        emptyTestId="no-saved"
        empty={
          <>
            <h2>No saved events yet</h2>
            <p>
              Tap Save on any event to keep it here and get a reminder before registration closes.
            </p>
            <Link to="/event/search" className={button()}>
              Find events
            </Link>
          </>
        }
      />
    </>
  );
}

export const meta: MetaFunction = () => [
  { title: `Saved events - ${PRODUCT_NAME}` },
  { name: "robots", content: "noindex" },
];
