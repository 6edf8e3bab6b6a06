import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import type { EventCardData } from "#server/contracts/event-shape";
import { Greeting } from "#app/components/Greeting";
import { EventRow } from "#app/components/home/EventRow";
import { callApi } from "#app/utils/api.server";
import { button } from "#app/styles/recipes.css";
import { PRODUCT_NAME } from "#app/utils/product";
import { useOptionalUser } from "#app/utils/use-user";
import { fullName } from "#app/utils/user";
import * as s from "#app/components/home/Home.css";

/** The five category tiles of SPEC §2 Home. */
const CATEGORY_TILES = [
  "Hackathon & Coding Challenges",
  "Quizzes",
  "Competitions & Challenges",
  "Fest",
  "Webinars & Workshops",
] as const;

const ROW_SIZE = 8;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const [closing, fresh] = await Promise.all([
    // The rows are the same for everyone: asked as a visitor, shared for a few seconds.
    callApi<EventCardData[]>(request, context, `/event/find?open=true&limit=${ROW_SIZE}&total=0`, {
      asVisitor: true,
    }),
    callApi<EventCardData[]>(
      request,
      context,
      `/event/find?sort=newest&open=true&limit=${ROW_SIZE}&total=0`,
      { asVisitor: true },
    ),
  ]);
  // The rows are extras: if the list cannot load, the home page still shows.
  return data({
    closingSoon: closing.ok ? closing.data : [],
    newlyAdded: fresh.ok ? fresh.data : [],
    now: new Date().toISOString(),
  });
}

export default function Home() {
  const user = useOptionalUser();
  const { closingSoon, newlyAdded, now } = useLoaderData<typeof loader>();
  // Both rows count from the loader's time and lead to the search page for more.
  const rowProps = { now: new Date(now), moreHref: "/event/search" };
  return (
    <>
      <section className={s.hero}>
        <Greeting name={fullName(user)} />
        <p className={s.lead}>
          Find hackathons, quizzes, fests and workshops from colleges across India.
        </p>
      </section>

      <section aria-labelledby="categories">
        <h2 id="categories" className={s.sectionTitle}>
          Explore by category
        </h2>
        <ul className={s.tiles}>
          {CATEGORY_TILES.map((type) => (
            <li key={type}>
              <Link to={`/event/search?type=${encodeURIComponent(type)}`} className={s.tile}>
                {type}
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <EventRow id="closing-soon" title="Closing soon" events={closingSoon} {...rowProps} />

      <section className={s.banner} aria-labelledby="host-now">
        <div>
          <h2 id="host-now" className={s.bannerTitle}>
            Organising something?
          </h2>
          <p className={s.bannerText}>
            Host your event on {PRODUCT_NAME} and reach students everywhere.
          </p>
        </div>
        <Link to="/event/category" className={button({ tone: "secondary" })}>
          Host Now
        </Link>
      </section>

      <EventRow id="newly-added" title="Newly added" events={newlyAdded} {...rowProps} />
    </>
  );
}

export const meta: MetaFunction = () => [
  { title: `Home - ${PRODUCT_NAME}` },
  {
    name: "description",
    content: `${PRODUCT_NAME}: discover and host hackathons, quizzes, competitions, fests, cultural events, webinars and workshops.`,
  },
];
