import { parseWithZod } from "@conform-to/zod/v4";
import { type AppLoadContext, data } from "@remix-run/node";
import {
  type Organisation,
  orgDetailsFormSchema,
  orgInviteSchema,
  orgVerifySchema,
} from "#server/contracts/orgs";
import { callApi } from "#app/utils/api.server";
import { replyWithApiErrors } from "#app/utils/api-reply.server";
import { loginRedirect } from "#app/utils/guards.server";
import { askToConfirm, isConfirmed } from "#app/utils/confirm.server";
import { redirectWithToast } from "#app/utils/toast.server";
import { sendOrgForm } from "./org-form.server";

/**
 * The settings page's forms (SPEC-4 §4): details, invite an admin, verify the college, remove an
 * admin (or leave), hand over. Removing and handing over ask first; each answers with a toast, or
 * its form's errors under the form's own key.
 */
export async function orgSettingsAction(
  request: Request,
  context: AppLoadContext,
  handle: string,
  form: FormData,
) {
  const base = `/org/${encodeURIComponent(handle)}`;
  const here = `${base}/settings`;
  const call = async (path: string, json: unknown = {}) => {
    const res = await callApi(request, context, `${base}${path}`, {
      method: "POST",
      body: { json },
    });
    if (res.status === 401) loginRedirect(request);
    return res;
  };
  const toast = (res: Awaited<ReturnType<typeof call>>, message: string, to = here) =>
    redirectWithToast(
      res.ok ? to : here,
      res.ok ? { type: "success", message } : { type: "error", message: res.message },
    );
  const text = (name: string) => String(form.get(name) ?? "").slice(0, 200);
  const intent = String(form.get("intent") ?? "details");

  if (intent === "invite" || intent === "verify") {
    const submission = parseWithZod(form, {
      schema: intent === "invite" ? orgInviteSchema : orgVerifySchema,
    });
    const reply = (result: ReturnType<typeof submission.reply>, status: number) =>
      data(intent === "invite" ? { invite: result } : { verify: result }, { status });
    if (submission.status !== "success") return reply(submission.reply(), 400);
    const res = await call(intent === "invite" ? "/admins/invite" : "/verify", submission.value);
    if (!res.ok) return reply(replyWithApiErrors(submission, res), res.status);
    const email = submission.value.email;
    return toast(
      res,
      intent === "invite"
        ? `Invitation sent to ${email}`
        : `We mailed a link to ${email}: open it within 24 hours`,
    );
  }
  if (intent === "remove-admin") {
    const name = text("name") || "this admin";
    const leaving = form.get("self") === "1";
    if (!isConfirmed(form))
      return askToConfirm(form, {
        title: leaving ? "Leave this organisation?" : `Remove ${name} as an admin?`,
        lines: [
          leaving
            ? "You stop running its page and its events at once. An admin can invite you again."
            : "They stop running its page and its events at once. You can invite them again later.",
        ],
        confirmLabel: leaving ? "Leave" : "Remove",
        tone: "danger",
        cancelTo: here,
      });
    const res = await call(`/admins/${encodeURIComponent(text("userId"))}/remove`);
    return leaving
      ? toast(res, "You left the organisation", base)
      : toast(res, `${name} is no longer an admin`);
  }
  if (intent === "hand-over") {
    const userId = text("userId");
    const org = await callApi<Organisation>(request, context, base);
    const admin = org.ok ? org.data.admins.find((a) => a.userId === userId) : undefined;
    const name = admin ? `${admin.firstName} ${admin.lastName ?? ""}`.trim() : "this admin";
    if (!isConfirmed(form))
      return askToConfirm(form, {
        title: `Hand the organisation over to ${name}?`,
        lines: [
          `${name} becomes its owner and can do everything you can, handing it over again included.`,
          "You cannot take it back yourself.",
        ],
        confirmLabel: "Hand over",
        tone: "danger",
        cancelTo: here,
      });
    return toast(await call("/owner", { userId }), `${name} is now the owner`);
  }
  const sent = await sendOrgForm(request, context, form, orgDetailsFormSchema, base);
  if (sent.refused) return sent.refused;
  return redirectWithToast(here, { type: "success", message: "Details saved" });
}
