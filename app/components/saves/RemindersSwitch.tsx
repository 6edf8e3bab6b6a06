import { type FieldMetadata, getInputProps } from "@conform-to/react";
import * as s from "./Reminders.css";

/** 'E-mail reminders' (SPEC-2 §3): a checkbox of the profile form, on by default. */
export function RemindersSwitch({ meta }: { meta: FieldMetadata<boolean | undefined> }) {
  const { key, ...props } = getInputProps(meta, { type: "checkbox" });
  return (
    <label className={s.switchRow} htmlFor={meta.id}>
      <input key={key} {...props} className={s.checkbox} />
      <span className={s.switchText}>
        <strong>E-mail reminders</strong>
        <span className={s.hint}>
          A mail a day before registration closes for events you saved, and before your rounds
          start.
        </span>
      </span>
    </label>
  );
}
