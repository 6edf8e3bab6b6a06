import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "@remix-run/node";
import { publicProfileFormSchema } from "#server/contracts/profiles";
import { callApi } from "#app/utils/api.server";
import { replyWithApiErrors } from "#app/utils/api-reply.server";
import type { AppLoadContext } from "@remix-run/node";
import { redirectWithToast } from "#app/utils/toast.server";

/** The profile page's `public-profile` intent: the handle and the switch, through the API. */
export async function savePublicProfile(
  request: Request,
  context: AppLoadContext,
  formData: FormData,
) {
  const submission = parseWithZod(formData, { schema: publicProfileFormSchema });
  if (submission.status !== "success")
    return data({ publicResult: submission.reply() }, { status: 400 });
  const { handle, publicProfile } = submission.value;
  const res = await callApi(request, context, "/user/public-profile", {
    body: { json: { handle, publicProfile: publicProfile === true } },
  });
  if (!res.ok)
    return data({ publicResult: replyWithApiErrors(submission, res) }, { status: res.status });
  return redirectWithToast("/profile#public-profile", {
    type: "success",
    message: publicProfile ? "Your profile is public" : "Your profile is private",
  });
}
