import type { FieldMetadata } from "@conform-to/react";
import { CourseField } from "#app/components/CourseOptions";
import { TextField } from "#app/components/Field";
import { PhoneField } from "#app/components/PhoneField";

type Meta = FieldMetadata<string | undefined>;

/** The registration details every registrant gives (SPEC-2 §1), prefilled from the profile. */
export function DetailsFields({
  fields,
}: {
  fields: Record<"phone" | "collegeName" | "course", Meta>;
}) {
  return (
    <>
      <PhoneField meta={fields.phone} autoComplete="tel-national" />
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
