import { type ActionFunctionArgs, data, type MetaFunction } from "@remix-run/node";
import { useActionData, useNavigation } from "@remix-run/react";
import { newOrgFormSchema } from "#server/contracts/orgs";
import * as p from "#app/components/accounts/Profile.css";
import { NewOrgForm } from "#app/components/orgs/NewOrgForm";
import { sendOrgForm } from "#app/components/orgs/org-form.server";
import { formConstraints } from "#app/utils/form-constraints.server";
import { PRODUCT_NAME } from "#app/utils/product";
import { redirectWithToast } from "#app/utils/toast.server";

export function loader() {
  return data({ formConstraints: formConstraints({ newOrg: {} }) });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await request.formData();
  const sent = await sendOrgForm(request, context, formData, newOrgFormSchema, "/orgs");
  if (sent.refused) return sent.refused;
  return redirectWithToast(`/org/${sent.org.handle}`, {
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
