import { CourseOptions } from "#app/components/CourseOptions";
import { type FieldMetadata, getInputProps, getSelectProps } from "@conform-to/react";
import { Field } from "#app/components/Field";
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
  const { key: collegeKey, ...college } = getInputProps(fields.collegeName, { type: "text" });
  const { key: courseKey, ...course } = getSelectProps(fields.course);
  return (
    <>
      <Field
        label="Phone Number"
        htmlFor={fields.phone.id}
        errorId={fields.phone.errorId}
        errors={fields.phone.errors}
        hint="10 digits, without +91"
      >
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
      <Field
        label="College Name"
        htmlFor={fields.collegeName.id}
        errorId={fields.collegeName.errorId}
        errors={fields.collegeName.errors}
      >
        <input key={collegeKey} {...college} autoComplete="organization" className={input()} />
      </Field>
      <Field
        label="Course"
        htmlFor={fields.course.id}
        errorId={fields.course.errorId}
        errors={fields.course.errors}
      >
        <select key={courseKey} {...course} className={input()}>
          <CourseOptions />
        </select>
      </Field>
    </>
  );
}

/** What the profile prefills. */
export function profileDetails(
  user: { collegeName?: string | null; course?: string | null } | null,
) {
  return { phone: "", collegeName: user?.collegeName ?? "", course: user?.course ?? "" };
}
