import { parseWithZod } from "@conform-to/zod/v4";
import { type ActionFunctionArgs, data, type MetaFunction } from "@remix-run/node";
import { useActionData, useNavigation } from "@remix-run/react";
import { newOrgFormSchema, type Organisation } from "#server/contracts/orgs";
import * as p from "#app/components/accounts/Profile.css";
import { NewOrgForm } from "#app/components/orgs/NewOrgForm";
import { callApi } from "#app/utils/api.server";
import { replyTooLarge, replyWithApiErrors } from "#app/utils/api-reply.server";
import { keepFiles, keptAfter, keptIds, keptInForm } from "#app/utils/kept-files.server";
import { PRODUCT_NAME } from "#app/utils/product";
import { redirectWithToast } from "#app/utils/toast.server";
import { formConstraints } from "#app/utils/form-constraints.server";

const schema = newOrgFormSchema;
const KEPT = { logo: "logo" } as const;

export function loader() {
  return data({ formConstraints: formConstraints({ newOrg: {} }) });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema });
  const hideFields = ["logo"];
  const kept = keptInForm(formData, KEPT);
  const tooLarge = replyTooLarge(submission, formData, { hideFields });
  if (tooLarge) return data({ result: tooLarge, kept }, { status: 413 });
  if (submission.status !== "success") {
    const keptNow = await keepFiles(request, context, formData, KEPT);
    return data({ result: submission.reply({ hideFields }), kept: keptNow }, { status: 400 });
  }
  const { logo, ...fields } = submission.value;
  const form = new FormData();
  for (const [name, value] of Object.entries(fields))
    if (value !== undefined) form.append(name, value);
  if (logo) form.append("logo", logo);
  for (const [name, id] of Object.entries(keptIds(formData, kept))) form.append(name, id);
  const res = await callApi<Organisation>(request, context, "/orgs", { body: { form } });
  if (!res.ok) {
    const keptNow = keptAfter(await keepFiles(request, context, formData, KEPT), res);
    const result = replyWithApiErrors(submission, res, { hideFields, fileField: "logo" });
    return data({ result, kept: keptNow }, { status: res.status });
  }
  return redirectWithToast(`/org/${res.data.handle}`, {
    type: "success",
    message: "Organisation created",
  });
}

export default function NewOrg() {
  const actionData = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  return (
    <section className={p.page}>
      <h1>New organisation</h1>
      <p>A club, society or college body that hosts events over the years.</p>
      <div className={p.card}>
        <NewOrgForm lastResult={actionData?.result} kept={actionData?.kept} busy={busy} />
      </div>
    </section>
  );
}

export const meta: MetaFunction = () => [
  { title: `New organisation - ${PRODUCT_NAME}` },
  { name: "robots", content: "noindex" },
];
