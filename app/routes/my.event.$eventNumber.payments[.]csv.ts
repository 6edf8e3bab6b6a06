import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { streamFromApi } from "#app/utils/api.server";
import { passDownload } from "#app/utils/download.server";

/**
 * 'Download CSV' on the payments page (SPEC-4 §3): every payment of the event, streamed through
 * from the API. Signed out goes to login; anyone but the owner and admins gets the API's answer.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const n = encodeURIComponent(params.eventNumber ?? "");
  const res = await streamFromApi(request, context, `/event/${n}/payments.csv`);
  if (res.status === 401)
    throw redirect(`/login?redirectTo=${encodeURIComponent(`/my/event/${n}/payments`)}`);
  return passDownload(res);
}
