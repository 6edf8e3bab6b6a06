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

/** 'E-mails from organisations I follow' (SPEC-4 §4): the followers' daily digest, on by default. */
export function FollowingMailsSwitch({ meta }: { meta: FieldMetadata<boolean | undefined> }) {
  const { key, ...props } = getInputProps(meta, { type: "checkbox" });
  return (
    <label className={s.switchRow} htmlFor={meta.id}>
      <input key={key} {...props} className={s.checkbox} />
      <span className={s.switchText}>
        <strong>E-mails from organisations I follow</strong>
        <span className={s.hint}>
          At most one mail a day, when clubs you follow publish new events.
        </span>
      </span>
    </label>
  );
}
