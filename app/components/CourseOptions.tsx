import { COURSES } from "#server/contracts/constants";

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
