import { parseWithZod } from "@conform-to/zod/v4";
import { type AppLoadContext, data } from "@remix-run/node";
import {
  AUDIENCE_LABELS,
  type AudienceCounts,
  announcementEditSchema,
  announcementSchema,
} from "#server/contracts/organiser";
import { callApi } from "#app/utils/api.server";
import { replyWithApiErrors } from "#app/utils/api-reply.server";
import { mailsLine } from "#app/utils/confirm";
import { askToConfirm, isConfirmed } from "#app/utils/confirm.server";
import { loginRedirect } from "#app/utils/guards.server";
import { redirectWithToast } from "#app/utils/toast.server";
import { sectionHref } from "./sections";

const INTENTS = ["announce", "edit-update", "delete-update"];

export function isUpdatesIntent(form: FormData): boolean {
  return INTENTS.includes(String(form.get("intent") ?? ""));
}

/**
 * The Updates section's forms (issue 45): posting asks first, naming its audience and how many
 * are mailed; an edit is saved as it is (nobody is mailed); deleting asks first.
 */
export async function updatesAction(
  request: Request,
  context: AppLoadContext,
  eventNumber: string,
  form: FormData,
) {
  const n = encodeURIComponent(eventNumber);
  const here = sectionHref(eventNumber, "updates");
  const call = async (path: string, json: unknown) => {
    const res = await callApi(request, context, `/event/${n}/announcements${path}`, {
      method: "POST",
      body: { json },
    });
    if (res.status === 401) loginRedirect(request);
    return res;
  };
  const toast = (res: Awaited<ReturnType<typeof call>>, message: string) =>
    redirectWithToast(
      here,
      res.ok ? { type: "success", message } : { type: "error", message: res.message },
      res.headers,
    );
  const id = encodeURIComponent(String(form.get("id") ?? ""));
  switch (String(form.get("intent"))) {
    case "announce": {
      const submission = parseWithZod(form, { schema: announcementSchema });
      if (submission.status !== "success")
        return data({ result: submission.reply() }, { status: 400 });
      if (!isConfirmed(form)) {
        const counts = await callApi<AudienceCounts>(
          request,
          context,
          `/event/${n}/announcement-audiences`,
        );
        if (counts.status === 401) loginRedirect(request);
        if (!counts.ok) return toast(counts, "");
        const { audience, title } = submission.value;
        const people = counts.data[audience];
        return askToConfirm(form, {
          title: `Post “${title}”?`,
          lines: [
            `To: ${AUDIENCE_LABELS[audience].toLowerCase()}. ${mailsLine(people)}`,
            "It shows on the event page under Updates. You can edit or delete it after, but e-mails sent cannot be taken back.",
          ],
          confirmLabel: people > 0 ? `Post and e-mail ${people}` : "Post update",
          cancelTo: here,
        });
      }
      const res = await call("", submission.value);
      if (!res.ok)
        return data(
          { result: replyWithApiErrors(submission, res) },
          { status: res.status, headers: res.headers },
        );
      return toast(res, "Update posted");
    }
    case "edit-update": {
      const submission = parseWithZod(form, { schema: announcementEditSchema });
      if (submission.status !== "success")
        return data({ edit: submission.reply() }, { status: 400 });
      const res = await call(`/${id}`, submission.value);
      if (!res.ok && res.status === 400)
        return data(
          { edit: replyWithApiErrors(submission, res) },
          { status: res.status, headers: res.headers },
        );
      return toast(res, "Update edited: it was not mailed again");
    }
    default: {
      if (!isConfirmed(form))
        return askToConfirm(form, {
          title: `Delete the update “${String(form.get("title") ?? "")}”?`,
          lines: [
            "It comes off the event page and this list. The e-mails already sent stay in people's inboxes.",
          ],
          confirmLabel: "Delete update",
          tone: "danger",
          cancelTo: here,
        });
      return toast(await call(`/${id}/delete`, {}), "Update deleted");
    }
  }
}
