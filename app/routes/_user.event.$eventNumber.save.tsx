import {
  type ActionFunctionArgs,
  data,
  type LoaderFunctionArgs,
  type MetaFunction,
  redirect,
} from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useEffect, useRef } from "react";
import type { EventData } from "#server/contracts/event-shape";
import * as s from "#app/components/registration/Registration.css";
import { button } from "#app/styles/recipes.css";
import { callApi } from "#app/utils/api.server";
import { requireUser } from "#app/utils/guards.server";
import { PRODUCT_NAME } from "#app/utils/product";
import { safeRedirect } from "#app/utils/safe-redirect";
import { redirectWithToast } from "#app/utils/toast.server";

/**
 * Where Save comes back to after logging in: Save pressed signed out goes to /login with this page
 * as redirectTo. A GET changes nothing, so this page shows one Save button (a POST); with
 * JavaScript it presses it at once, so the save completes without a second click.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireUser(request, context);
  const n = encodeURIComponent(params.eventNumber ?? "");
  const res = await callApi<EventData>(request, context, `/event/details/${n}`);
  if (!res.ok) throw data(res.message, { status: res.status === 401 ? 404 : res.status });
  const then = safeRedirect(new URL(request.url).searchParams.get("then"), `/event/${n}`);
  return data({ eventName: res.data.eventName, then });
}

/** The address that brings a signed-out visitor's Save back here after logging in. */
function saveAfterLogin(eventNumber: string, back: string): string {
  const here = `/event/${encodeURIComponent(eventNumber)}/save?then=${encodeURIComponent(back)}`;
  return `/login?redirectTo=${encodeURIComponent(here)}`;
}

/**
 * The Save toggle's form (cards and the event page). With JavaScript (a fetcher) it answers the
 * new state; without, it sends the browser back to the page it came from, at the toggle.
 */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const form = await request.formData();
  const back = safeRedirect(form.get("redirectTo"), `/event/${params.eventNumber}`);
  const intent = form.get("intent") === "unsave" ? "unsave" : "save";
  const n = encodeURIComponent(params.eventNumber ?? "");
  const res = await callApi<{ saved: boolean; saves: number }>(
    request,
    context,
    `/event/${n}/${intent}`,
    { method: "POST" },
  );
  if (res.status === 401)
    throw redirect(
      intent === "save"
        ? saveAfterLogin(params.eventNumber ?? "", back)
        : `/login?redirectTo=${encodeURIComponent(back)}`,
    );
  if (form.get("fetch") === "1") {
    return data(res.ok ? res.data : { saved: intent === "unsave", error: res.message }, {
      status: res.ok ? 200 : res.status,
    });
  }
  const to = `${back}#save-${params.eventNumber}`;
  if (!res.ok) return redirectWithToast(to, { type: "error", message: res.message });
  return redirectWithToast(to, {
    type: "success",
    message: intent === "save" ? "Event saved" : "Removed from saved events",
  });
}

export default function SaveAfterLogin() {
  const { eventName, then } = useLoaderData<typeof loader>();
  const form = useRef<HTMLFormElement>(null);
  const sent = useRef(false);
  useEffect(() => {
    // Once: the person already pressed Save before logging in.
    if (sent.current) return;
    sent.current = true;
    form.current?.requestSubmit();
  }, []);
  const name = eventName || "this event";
  return (
    <section className={s.page}>
      <h1 className={s.pageTitle}>Save {name}</h1>
      <Form method="post" ref={form} className={s.card} data-testid="save-after-login">
        <p className={s.muted}>You pressed Save before logging in. Save it now to keep it.</p>
        <input type="hidden" name="intent" value="save" />
        <input type="hidden" name="redirectTo" value={then} />
        <div className={s.actions}>
          <button type="submit" className={button()}>
            Save event
          </button>
          <Link to={then} className={button({ tone: "ghost" })}>
            Not now
          </Link>
        </div>
      </Form>
    </section>
  );
}

export const meta: MetaFunction = () => [
  { title: `Save event - ${PRODUCT_NAME}` },
  { name: "robots", content: "noindex" },
];
