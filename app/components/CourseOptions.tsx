import { type FieldMetadata, getSelectProps } from "@conform-to/react";
import { COURSES } from "#server/contracts/constants";
import { input } from "#app/styles/recipes.css";
import { Field } from "./Field";

/** The course choices of the profile and of registration details (one list, SPEC §3). */
export function CourseOptions() {
  return (
    <>
      <option value="">Select course</option>
      {COURSES.map((c) => (
        <option key={c} value={c}>
          {c}
        </option>
      ))}
    </>
  );
}

/** The Course select for a Conform field, in its Field (profile and registration details). */
export function CourseField({ meta }: { meta: FieldMetadata<string | undefined> }) {
  const { key, ...props } = getSelectProps(meta);
  return (
    <Field label="Course" meta={meta}>
      <select key={key} {...props} className={input()}>
        <CourseOptions />
      </select>
    </Field>
  );
}
