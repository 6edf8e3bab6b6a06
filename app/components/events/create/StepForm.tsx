import { getFormProps, getInputProps } from "@conform-to/react";
import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { FormErrorToast } from "#app/components/Toast";
import { useHydrated } from "#app/utils/use-hydrated";
import * as s from "./create.css";
import type { AnyForm, Meta } from "./fields";
import { JsMarker } from "./use-move-after-save";

/**
 * A form of creating an event (steps 1 and 2, step 3's panels): `head`, the form's own refusal as
 * a toast, the marker that JavaScript sent it, the version the edit started from, then the fields.
 */
export function StepForm({
  form,
  version,
  multipart,
  className = s.formCard,
  labelledBy,
  head,
  children,
}: {
  form: AnyForm;
  version: Meta;
  multipart?: boolean;
  className?: string;
  labelledBy?: string;
  head?: ReactNode;
  children: ReactNode;
}) {
  const hydrated = useHydrated();
  return (
    <Form
      method="post"
      encType={multipart ? "multipart/form-data" : undefined}
      {...getFormProps(form)}
      noValidate
      className={`${className} ${s.revealForm}`}
      data-hydrated={hydrated || undefined}
      aria-labelledby={labelledBy}
    >
      {head}
      <FormErrorToast errors={form.errors} id={form.errorId} />
      <JsMarker />
      <input {...getInputProps(version, { type: "hidden" })} />
      {children}
    </Form>
  );
}
