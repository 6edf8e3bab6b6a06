/** The address of a creation step, keeping the event type in the query as SPEC §2 does. */
export function stepUrl(
  eventNumber: string,
  step: "step1" | "step2" | "step3",
  type?: string | null,
  extra = "",
): string {
  const q = new URLSearchParams();
  if (type) q.set("type", type);
  const query = q.toString();
  return `/event/create/${eventNumber}/${step}${query ? `?${query}` : ""}${extra}`;
}
