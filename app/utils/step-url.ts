/**
 * The one address of a creation step page: the event type stays in the query as SPEC §2 has it,
 * and step 3 may name a `section` and the small-screen `view=preview`. Values are encoded with
 * encodeURIComponent (spaces as %20), the same everywhere.
 */
export function stepUrl(
  eventNumber: string,
  step: "step1" | "step2" | "step3",
  type?: string | null,
  options: { section?: string | null; view?: string | null } = {},
): string {
  const query = Object.entries({ type, section: options.section, view: options.view })
    .filter(([, value]) => value)
    .map(([key, value]) => `${key}=${encodeURIComponent(value!)}`)
    .join("&");
  return `/event/create/${eventNumber}/${step}${query ? `?${query}` : ""}`;
}
