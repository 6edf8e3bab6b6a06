import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { streamFromApi } from "#app/utils/api.server";
import { passDownload } from "#app/utils/download.server";

/**
 * 'Download CSV' on the organiser's page: the backend's CSV streamed through as it is made, so a
 * large event never sits whole in memory. Signed out goes to login; others get the API's answer.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, 100);
  const query = new URLSearchParams({ format: "csv", ...(q ? { q } : {}) });
  const res = await streamFromApi(
    request,
    context,
    `/event/${encodeURIComponent(params.eventNumber ?? "")}/registrations?${query}`,
  );
  if (res.status === 401)
    throw redirect(`/login?redirectTo=${encodeURIComponent(`/my/event/${params.eventNumber}`)}`);
  return passDownload(res);
}
