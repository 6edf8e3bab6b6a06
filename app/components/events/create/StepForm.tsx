import { getFormProps, getInputProps } from "@conform-to/react";
import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { FormErrorToast } from "#app/components/Toast";
import { useHydrated } from "#app/utils/use-hydrated";
import * as s from "./create.css";
import type { AnyForm, Meta } from "./fields";
import { JsMarker } from "./use-move-after-save";

/**
 * The form of step 1 or 2 of creating an event: the form's own refusal as a toast, the marker
 * that JavaScript sent it, the version the edit started from, then the step's fields.
 */
export function StepForm({
  form,
  version,
  multipart,
  children,
}: {
  form: AnyForm;
  version: Meta;
  multipart?: boolean;
  children: ReactNode;
}) {
  const hydrated = useHydrated();
  return (
    <Form
      method="post"
      encType={multipart ? "multipart/form-data" : undefined}
      {...getFormProps(form)}
      noValidate
      className={`${s.formCard} ${s.revealForm}`}
      data-hydrated={hydrated || undefined}
    >
      <FormErrorToast errors={form.errors} id={form.errorId} />
      <JsMarker />
      <input {...getInputProps(version, { type: "hidden" })} />
      {children}
    </Form>
  );
}
