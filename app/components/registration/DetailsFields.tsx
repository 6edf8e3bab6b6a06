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

/**
 * What the form starts with: the profile's college and course, and what the person gave at their
 * latest registration where the profile has none (the phone always: the profile has none; issue 45).
 */
export function profileDetails(
  user: { collegeName?: string | null; course?: string | null } | null,
  last?: { phone: string; collegeName: string; course: string } | null,
) {
  return {
    phone: last?.phone ?? "",
    collegeName: user?.collegeName || last?.collegeName || "",
    course: user?.course || last?.course || "",
  };
}
