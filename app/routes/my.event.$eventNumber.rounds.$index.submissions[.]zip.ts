import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { streamFromApi } from "#app/utils/api.server";
import { passDownload } from "#app/utils/download.server";

/**
 * 'Download all (ZIP)' on the organiser's page (SPEC-3 §2): the backend's ZIP streamed through as
 * it is made. Signed out goes to login; others get the API's answer.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const n = encodeURIComponent(params.eventNumber ?? "");
  const i = encodeURIComponent(params.index ?? "");
  const res = await streamFromApi(request, context, `/event/${n}/rounds/${i}/submissions.zip`);
  if (res.status === 401)
    throw redirect(`/login?redirectTo=${encodeURIComponent(`/my/event/${params.eventNumber}`)}`);
  return passDownload(res);
}
