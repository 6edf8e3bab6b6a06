import { type FieldMetadata, getInputProps } from "@conform-to/react";
import { Field } from "#app/components/Field";
import { input } from "#app/styles/recipes.css";
import * as s from "./PhoneField.css";

/** An Indian phone number: ten digits typed after a fixed +91, in its Field. */
export function PhoneField({
  meta,
  label = "Phone Number",
  autoComplete,
}: {
  meta: FieldMetadata<any, any, string[]>;
  label?: string;
  autoComplete?: string;
}) {
  const { key, ...props } = getInputProps(meta, { type: "tel" });
  return (
    <Field label={label} meta={meta} hint="10 digits, without +91">
      <span className={s.phone}>
        <span className={s.phonePrefix} aria-hidden="true">
          +91
        </span>
        <input
          key={key}
          {...props}
          inputMode="numeric"
          autoComplete={autoComplete}
          placeholder="9876543210"
          className={input()}
        />
      </span>
    </Field>
  );
}
