import { type FieldMetadata, getInputProps } from "@conform-to/react";
import { Field } from "#app/components/Field";
import { input } from "#app/styles/recipes.css";
import * as s from "./AuthForm.css";

/** The e-mail field, shown lowercase (the server stores it lowercase too). */
export function EmailField({
  meta,
  label = "Email Address",
}: {
  meta: FieldMetadata<string>;
  label?: string;
}) {
  const { key, ...props } = getInputProps(meta, { type: "email" });
  return (
    <Field label={label} meta={meta}>
      <input
        key={key}
        {...props}
        autoComplete="email"
        inputMode="email"
        spellCheck={false}
        className={`${input()} ${s.lowercase}`}
      />
    </Field>
  );
}
