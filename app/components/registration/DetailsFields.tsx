import { type FieldMetadata, getInputProps } from "@conform-to/react";
import { CourseField } from "#app/components/CourseOptions";
import { Field, TextField } from "#app/components/Field";
import { input } from "#app/styles/recipes.css";
import * as s from "./Registration.css";

type Meta = FieldMetadata<string | undefined>;

/** The registration details every registrant gives (SPEC-2 §1), prefilled from the profile. */
export function DetailsFields({
  fields,
}: {
  fields: Record<"phone" | "collegeName" | "course", Meta>;
}) {
  const { key: phoneKey, ...phone } = getInputProps(fields.phone, { type: "tel" });
  return (
    <>
      <Field label="Phone Number" meta={fields.phone} hint="10 digits, without +91">
        <span className={s.phone}>
          <span className={s.phonePrefix} aria-hidden="true">
            +91
          </span>
          <input
            key={phoneKey}
            {...phone}
            inputMode="numeric"
            autoComplete="tel-national"
            placeholder="9876543210"
            className={input()}
          />
        </span>
      </Field>
      <TextField meta={fields.collegeName} label="College Name" autoComplete="organization" />
      <CourseField meta={fields.course} />
    </>
  );
}

/** What the profile prefills. */
export function profileDetails(
  user: { collegeName?: string | null; course?: string | null } | null,
) {
  return { phone: "", collegeName: user?.collegeName ?? "", course: user?.course ?? "" };
}
