import { parseWithZod } from "@conform-to/zod/v4";
import { type AppLoadContext, data } from "@remix-run/node";
import type { Certificate, CertificateKind } from "#server/contracts/certificate";
import { issueCertificatesSchema } from "#server/contracts/certificate-issue";
import { plural } from "#server/contracts/words";
import { callApi } from "#app/utils/api.server";
import { replyWithApiErrors } from "#app/utils/api-reply.server";
import { loginRedirect } from "#app/utils/guards.server";
import { redirectWithToast } from "#app/utils/toast.server";
import { mailsLine } from "#app/utils/confirm";
import { askToConfirm, isConfirmed } from "#app/utils/confirm.server";

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
    const ask = await confirmRevoke(request, context, n, formData, here);
    if (ask) return ask;
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
  const ask = await confirmIssue(request, context, n, formData, submission.value.kind, here);
  if (ask) return ask;
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

/** Issuing mails every new recipient (issue 31): ask first, naming how many people. */
async function confirmIssue(
  request: Request,
  context: AppLoadContext,
  n: string,
  formData: FormData,
  kind: CertificateKind,
  here: string,
) {
  if (isConfirmed(formData)) return null;
  const res = await callApi<{ recipients: number }>(
    request,
    context,
    `/event/${n}/certificates/pending?kind=${kind}`,
  );
  if (res.status === 401) loginRedirect(request);
  // Nobody new (or a refusal, which the issue call reports): nothing to confirm.
  if (!res.ok || res.data.recipients === 0) return null;
  const people = res.data.recipients;
  return askToConfirm(formData, {
    title: `Issue ${kind} certificates?`,
    lines: [
      `${people} ${people === 1 ? "person gets" : "people get"} a certificate. ${mailsLine(people)}`,
      "A certificate can be revoked later, but the mail cannot be taken back.",
    ],
    confirmLabel: `Issue and e-mail ${people}`,
    cancelTo: `${here}#certificates`,
  });
}

/** Revoking cannot be undone (issuing again does not bring it back): ask first. */
async function confirmRevoke(
  request: Request,
  context: AppLoadContext,
  n: string,
  formData: FormData,
  here: string,
) {
  if (isConfirmed(formData)) return null;
  const res = await callApi<Certificate[]>(request, context, `/event/${n}/certificates`);
  if (res.status === 401) loginRedirect(request);
  const certificate = res.ok ? res.data.find((c) => c._id === formData.get("id")) : undefined;
  if (!certificate) return null; // the API says what is wrong
  return askToConfirm(formData, {
    title: `Revoke the certificate of ${certificate.recipientName}?`,
    lines: [
      "Its verification page will say 'This certificate was revoked' and its PDF stops opening.",
      "This cannot be undone: issuing again does not bring it back.",
    ],
    confirmLabel: "Revoke certificate",
    tone: "danger",
    cancelTo: `${here}#certificates`,
  });
}
