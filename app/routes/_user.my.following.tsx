import {
  type ActionFunctionArgs,
  data,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Link, useLoaderData, useNavigation } from "@remix-run/react";
import type { Organisation } from "#server/contracts/orgs";
import { EventsOrEmpty } from "#app/components/events/EventsOrEmpty";
import * as m from "#app/components/events/MyEvents.css";
import { FollowingList } from "#app/components/orgs/FollowingList";
import { button } from "#app/styles/recipes.css";
import { callApi } from "#app/utils/api.server";
import { loginRedirect } from "#app/utils/guards.server";
import { PRODUCT_NAME } from "#app/utils/product";
import { redirectWithToast } from "#app/utils/toast.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const res = await callApi<Organisation[]>(request, context, "/my/following");
  return data({ orgs: res.ok ? res.data : [], error: res.ok ? null : res.message });
}

/** Unfollow: back to the list with a toast (the same with JavaScript on and off). */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const handle = encodeURIComponent(String(form.get("handle") ?? ""));
  const res = await callApi(request, context, `/org/${handle}/unfollow`, { method: "POST" });
  if (res.status === 401) loginRedirect(request);
  return redirectWithToast(
    "/my/following",
    res.ok
      ? { type: "success", message: `You no longer follow ${String(form.get("name") ?? "it")}` }
      : { type: "error", message: res.message },
  );
}

/** /my/following (SPEC-4 §4): the organisations the person follows, with Unfollow. */
export default function Following() {
  const { orgs, error } = useLoaderData<typeof loader>();
  const busy = useNavigation().state === "submitting";
  return (
    <>
      <div className={m.head}>
        <h1 className={m.title}>Following</h1>
      </div>
      <EventsOrEmpty
        error={error}
        count={orgs.length}
        emptyTestId="no-following"
        empty={
          <>
            <h2>You follow no organisation yet</h2>
            <p>Follow a club or society on its page to hear of its new events.</p>
            <Link to="/event/search" className={button()}>
              Find events
            </Link>
          </>
        }
      >
        <FollowingList orgs={orgs} busy={busy} />
      </EventsOrEmpty>
    </>
  );
}

export const meta: MetaFunction = () => [
  { title: `Following - ${PRODUCT_NAME}` },
  { name: "robots", content: "noindex" },
];
