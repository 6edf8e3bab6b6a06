import { parseWithZod } from "@conform-to/zod/v4";
import { type AppLoadContext, data } from "@remix-run/node";
import { inviteSchema } from "#server/contracts/team";
import { callApi } from "#app/utils/api.server";
import { replyWithApiErrors } from "#app/utils/api-reply.server";
import { loginRedirect } from "#app/utils/guards.server";
import { askToConfirm, isConfirmed } from "#app/utils/confirm.server";
import { redirectWithToast } from "#app/utils/toast.server";
import { sectionHref } from "#app/components/organiser/sections";

const INTENTS = ["invite", "cancel-invite", "change-role", "remove-member"];

export function isTeamIntent(form: FormData): boolean {
  return INTENTS.includes(String(form.get("intent") ?? ""));
}

/** The Team section's forms (SPEC-3 §1): one API call each, a toast, or the invite's field errors. */
export async function teamAction(
  request: Request,
  context: AppLoadContext,
  eventNumber: string,
  form: FormData,
) {
  const here = sectionHref(eventNumber, "team");
  const call = async (path: string, json: unknown) => {
    const res = await callApi(request, context, `/event/${eventNumber}/organisers${path}`, {
      method: "POST",
      body: { json },
    });
    if (res.status === 401) loginRedirect(request);
    return res;
  };
  const done = (res: Awaited<ReturnType<typeof call>>, message: string) =>
    redirectWithToast(
      `${here}#team`,
      res.ok ? { type: "success", message } : { type: "error", message: res.message },
      res.headers,
    );
  const id = (name: string) => encodeURIComponent(String(form.get(name) ?? ""));
  switch (String(form.get("intent"))) {
    case "invite": {
      const submission = parseWithZod(form, { schema: inviteSchema });
      if (submission.status !== "success")
        return data({ invite: submission.reply() }, { status: 400 });
      const res = await call("/invite", submission.value);
      if (!res.ok)
        return data(
          { invite: replyWithApiErrors(submission, res) },
          { status: res.status, headers: res.headers },
        );
      return done(res, `Invitation sent to ${submission.value.email}`);
    }
    case "cancel-invite":
      // Both ask first (issue 45): one mis-tap should not undo an invitation or a member.
      if (!isConfirmed(form))
        return askToConfirm(form, {
          title: `Cancel the invitation to ${String(form.get("email") ?? "")}?`,
          lines: ["The link in their mail stops working. You can invite them again later."],
          confirmLabel: "Yes, cancel the invitation",
          tone: "danger",
          cancelTo: here,
        });
      return done(await call(`/invites/${id("inviteId")}/cancel`, {}), "Invitation cancelled");
    case "change-role":
      return done(
        await call(`/${id("memberId")}`, { role: String(form.get("role") ?? "") }),
        "Role changed",
      );
    default:
      if (!isConfirmed(form))
        return askToConfirm(form, {
          title: `Remove ${String(form.get("name") ?? "this member")} from the team?`,
          lines: [
            "They lose this event's organiser page at once. You can invite them again later.",
          ],
          confirmLabel: "Remove from the team",
          tone: "danger",
          cancelTo: here,
        });
      return done(await call(`/${id("memberId")}/remove`, {}), "Removed from the team");
  }
}
