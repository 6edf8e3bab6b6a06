import { type FieldMetadata, getInputProps, getSelectProps } from "@conform-to/react";
import { Field } from "#app/components/Field";
import { input } from "#app/styles/recipes.css";
import * as s from "./RoundKindFields.css";

export { kindRow } from "./RoundKindFields.css";

type Meta = FieldMetadata<any, any, string[]>;

export const ROUND_TYPES = [
  { value: "offline", label: "Offline" },
  { value: "submission", label: "Submission" },
  { value: "quiz", label: "Quiz" },
] as const;

/**
 * SPEC-3 §2 in a round row of the Rounds panel: the round's id sent back (hidden), 'Round type',
 * and a submission round's two requirements (shown once Submission is chosen, JavaScript or not).
 */
export function RoundKindFields({
  id,
  kind,
  requireFile,
  requireLink,
}: {
  id: Meta;
  kind: Meta;
  requireFile: Meta;
  requireLink: Meta;
}) {
  const { key: idKey, ...idProps } = getInputProps(id, { type: "hidden" });
  return (
    <>
      <input key={idKey} {...idProps} />
      <Field label="Round type" meta={kind}>
        <select {...getSelectProps(kind)} className={input()} data-round-kind="">
          {ROUND_TYPES.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      </Field>
      <div className={s.submissionOnly}>
        <Check meta={requireFile} label="A file is required" />
        <Check meta={requireLink} label="A link is required" />
      </div>
    </>
  );
}

function Check({ meta, label }: { meta: Meta; label: string }) {
  const { key, ...props } = getInputProps(meta, { type: "checkbox" });
  return (
    <label className={s.check} htmlFor={meta.id}>
      <input key={key} {...props} />
      <span>{label}</span>
    </label>
  );
}
