import type { ReactNode } from "react";
import { type FieldMetadata, getInputProps } from "@conform-to/react";
import {
  field,
  fieldError,
  hint as hintClass,
  input,
  label as labelClass,
} from "#app/styles/recipes.css";

/** What Field reads of a Conform field: its control's id, its error's id and its errors. */
type FieldTarget = { id: string; errorId: string; errors?: string[] };

/**
 * A labelled form control with its error and hint. Pass the control as children (built with
 * Conform's getInputProps/getSelectProps, which set id, name, aria-invalid and aria-describedby),
 * and its Conform field as `meta` (or the ids and errors one by one).
 */
export function Field({
  label,
  meta,
  htmlFor = meta?.id ?? "",
  errorId = meta?.errorId ?? "",
  errors = meta?.errors,
  hint,
  children,
}: {
  label: ReactNode;
  hint?: ReactNode;
  children: ReactNode;
} & (
  | { meta: FieldTarget; htmlFor?: never; errorId?: never; errors?: never }
  | { meta?: never; htmlFor: string; errorId: string; errors?: string[] }
)) {
  return (
    <div className={field}>
      <label htmlFor={htmlFor} className={labelClass}>
        {label}
      </label>
      {children}
      {hint ? <p className={hintClass}>{hint}</p> : null}
      <p id={errorId} className={fieldError} role={errors?.length ? "alert" : undefined}>
        {errors?.[0] ?? ""}
      </p>
    </div>
  );
}

/** A one-line text input for a Conform field, in its Field. */
export function TextField({
  meta,
  label,
  autoComplete,
}: {
  meta: FieldMetadata<string | undefined>;
  label: ReactNode;
  autoComplete?: string;
}) {
  const { key, ...props } = getInputProps(meta, { type: "text" });
  return (
    <Field label={label} meta={meta}>
      <input key={key} {...props} autoComplete={autoComplete} className={input()} />
    </Field>
  );
}

/** The form's own refusal above its fields (Conform's `form.errors`), in the field-error style. */
export function FormRefusal({ errors, id }: { errors?: string[]; id?: string }) {
  if (!errors?.length) return null;
  return (
    <p role="alert" className={fieldError} id={id}>
      {errors[0]}
    </p>
  );
}
