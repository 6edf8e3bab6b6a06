import { parseWithZod } from "@conform-to/zod/v4";
import { type AppLoadContext, data } from "@remix-run/node";
import type { z } from "zod";
import type { Organisation } from "#server/contracts/orgs";
import { callApi } from "#app/utils/api.server";
import { replyTooLarge, replyWithApiErrors } from "#app/utils/api-reply.server";
import { loginRedirect } from "#app/utils/guards.server";
import { keepFiles, keptAfter, keptIds, keptInForm } from "#app/utils/kept-files.server";

const KEPT = { logo: "logo" } as const;
const hideFields = ["logo"];

/**
 * An organisation's details form (/orgs/new, and the settings page's details) sent to the API as
 * multipart: the organisation, or the form's answer to render again (field errors, and a picked
 * logo kept so it survives the refusal).
 */
export async function sendOrgForm(
  request: Request,
  context: AppLoadContext,
  formData: FormData,
  schema: z.ZodType<{ logo?: File } & Record<string, unknown>>,
  path: string,
) {
  const submission = parseWithZod(formData, { schema });
  const kept = keptInForm(formData, KEPT);
  const tooLarge = replyTooLarge(submission, formData, { hideFields });
  if (tooLarge) return { refused: data({ result: tooLarge, kept }, { status: 413 }) };
  if (submission.status !== "success") {
    const keptNow = await keepFiles(request, context, formData, KEPT);
    return {
      refused: data({ result: submission.reply({ hideFields }), kept: keptNow }, { status: 400 }),
    };
  }
  const { logo, ...fields } = submission.value;
  const form = new FormData();
  for (const [name, value] of Object.entries(fields))
    if (typeof value === "string") form.append(name, value);
  if (logo) form.append("logo", logo);
  for (const [name, id] of Object.entries(keptIds(formData, kept))) form.append(name, id);
  const res = await callApi<Organisation>(request, context, path, { body: { form } });
  if (res.status === 401) loginRedirect(request);
  if (!res.ok) {
    const keptNow = keptAfter(await keepFiles(request, context, formData, KEPT), res);
    const result = replyWithApiErrors(submission, res, { hideFields, fileField: "logo" });
    return { refused: data({ result, kept: keptNow }, { status: res.status }) };
  }
  return { org: res.data };
}
