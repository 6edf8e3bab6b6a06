import { parseWithZod } from "@conform-to/zod/v4";
import { type AppLoadContext, data } from "@remix-run/node";
import { issueCertificatesSchema } from "#server/contracts/certificate";
import { plural } from "#server/contracts/words";
import { callApi } from "#app/utils/api.server";
import { replyWithApiErrors } from "#app/utils/api-reply.server";
import { loginRedirect } from "#app/utils/guards.server";
import { redirectWithToast } from "#app/utils/toast.server";

export function isCertificateIntent(form: FormData): boolean {
  return ["certificates", "revoke-certificate"].includes(String(form.get("intent") ?? ""));
}

/**
 * The certificates section's two intents, for whichever page holds the section: `certificates`
 * issues a kind (the API's refusal shows above the form), `revoke-certificate` revokes one.
 */
export async function certificateAction(
  request: Request,
  context: AppLoadContext,
  eventNumber: string,
  formData: FormData,
  here: string,
) {
  const n = encodeURIComponent(eventNumber);
  if (formData.get("intent") === "revoke-certificate") {
    const id = encodeURIComponent(String(formData.get("id") ?? ""));
    const res = await callApi(request, context, `/event/${n}/certificates/${id}/revoke`, {
      method: "POST",
    });
    if (res.status === 401) loginRedirect(request);
    return redirectWithToast(
      `${here}#certificates`,
      res.ok
        ? { type: "success", message: "Certificate revoked" }
        : { type: "error", message: res.message },
      res.headers,
    );
  }
  const submission = parseWithZod(formData, { schema: issueCertificatesSchema });
  // `certificates`, not `result`: the page's other forms read `result`.
  if (submission.status !== "success")
    return data({ certificates: submission.reply() }, { status: 400 });
  const res = await callApi<{ issued: number }>(request, context, `/event/${n}/certificates`, {
    body: { json: submission.value },
  });
  if (res.status === 401) loginRedirect(request);
  if (!res.ok)
    return data(
      { certificates: replyWithApiErrors(submission, res) },
      { status: res.status, headers: res.headers },
    );
  const issued = res.data.issued;
  const message =
    issued === 0
      ? "No new certificates: everyone who qualifies already has one"
      : `${plural(issued, "certificate")} issued and mailed`;
  return redirectWithToast(`${here}#certificates`, { type: "success", message }, res.headers);
}
