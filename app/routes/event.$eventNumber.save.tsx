import { type ActionFunctionArgs, data, redirect } from "@remix-run/node";
import { callApi } from "#app/utils/api.server";
import { safeRedirect } from "#app/utils/safe-redirect";
import { redirectWithToast } from "#app/utils/toast.server";

/** Nothing to show here: the toggle posts to this address. */
export function loader() {
  return new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
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
  if (res.status === 401) throw redirect(`/login?redirectTo=${encodeURIComponent(back)}`);
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
