import { type FieldMetadata, getInputProps } from "@conform-to/react";
import { useState } from "react";
import { Field } from "#app/components/Field";
import { input } from "#app/styles/recipes.css";
import * as s from "./AuthForm.css";
import { useHydrated } from "#app/utils/use-hydrated";

/**
 * A password field with a show/hide toggle. The toggle needs JavaScript, so it appears only once
 * the page has hydrated; before that it is a plain password field.
 */
export function PasswordField({
  meta,
  label = "Password",
  autoComplete,
}: {
  meta: FieldMetadata<string>;
  label?: string;
  autoComplete: "current-password" | "new-password";
}) {
  const hydrated = useHydrated();
  const [shown, setShown] = useState(false);
  const { key, ...props } = getInputProps(meta, { type: "password" });
  return (
    <Field label={label} meta={meta}>
      <div className={s.passwordWrap}>
        <input
          key={key}
          {...props}
          type={shown ? "text" : "password"}
          autoComplete={autoComplete}
          className={`${input()} ${s.passwordInput}`}
        />
        {hydrated ? (
          <button
            type="button"
            className={s.toggle}
            aria-controls={meta.id}
            aria-pressed={shown}
            aria-label={shown ? "Hide password" : "Show password"}
            onClick={() => setShown((v) => !v)}
          >
            {shown ? "Hide" : "Show"}
          </button>
        ) : null}
      </div>
    </Field>
  );
}
