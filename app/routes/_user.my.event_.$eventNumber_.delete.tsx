import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import type { EventData } from "#server/contracts/event-shape";
import type { Insights } from "#server/contracts/organiser";
import { plural } from "#server/contracts/words";
import { callApi } from "#app/utils/api.server";
import { loginRedirect } from "#app/utils/guards.server";
import { PRODUCT_NAME } from "#app/utils/product";
import { redirectWithToast } from "#app/utils/toast.server";
import { button } from "#app/styles/recipes.css";
import * as s from "#app/components/organiser/Organiser.css";

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const n = encodeURIComponent(params.eventNumber ?? "");
  const [event, insights] = await Promise.all([
    callApi<EventData>(request, context, `/event/details/${n}`),
    callApi<Insights>(request, context, `/event/${n}/insights`),
  ]);
  if (insights.status === 401) loginRedirect(request);
  if (event.status === 404) throw data("Event not found", { status: 404 });
  if (!insights.ok) throw data(insights.message, { status: insights.status });
  return data({ event: event.data, registrations: insights.data.registrations.total });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const n = params.eventNumber ?? "";
  const res = await callApi(request, context, `/event/${encodeURIComponent(n)}/delete`, {
    method: "POST",
    body: { json: {} },
  });
  if (res.status === 401) loginRedirect(request);
  if (!res.ok)
    return redirectWithToast(
      `/my/event/${n}`,
      { type: "error", message: res.message },
      res.headers,
    );
  return redirectWithToast("/my/event", { type: "success", message: "Event deleted" }, res.headers);
}

/** The confirmation step of Delete, as a page: it works the same with JavaScript off. */
export default function DeleteEvent() {
  const { event, registrations } = useLoaderData<typeof loader>();
  const busy = useNavigation().state === "submitting";
  const name = event.eventName || "Untitled event";
  return (
    <section className={s.page} aria-labelledby="delete-title">
      <h1 id="delete-title" className={s.title}>
        Delete “{name}”?
      </h1>
      {registrations > 0 ? (
        <div className={s.danger} role="alert">
          <p>
            Events with registrations cannot be deleted: unpublish it instead. It has{" "}
            {plural(registrations, "registration")}.
          </p>
          <Link to={`/my/event/${event.eventNumber}`} className={button({ tone: "secondary" })}>
            Back to the event
          </Link>
        </div>
      ) : (
        <div className={s.danger}>
          <p>
            The event, its updates and its insights are deleted for good. This cannot be undone.
          </p>
          <div className={s.actions}>
            <Form method="post">
              <button type="submit" className={button({ tone: "danger" })} disabled={busy}>
                Delete event
              </button>
            </Form>
            <Link to={`/my/event/${event.eventNumber}`} className={button({ tone: "secondary" })}>
              Cancel
            </Link>
          </div>
        </div>
      )}
    </section>
  );
}

export const meta: MetaFunction = () => [
  { title: `Delete event - ${PRODUCT_NAME}` },
  { name: "robots", content: "noindex" },
];

export { OrganiserError as ErrorBoundary } from "#app/components/organiser/OrganiserError";
