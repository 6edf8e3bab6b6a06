import type { EventOrg } from "#server/contracts/event-shape";
import { Field } from "#app/components/Field";
import { input } from "#app/styles/recipes.css";

/**
 * Step 1's 'Organisation' (SPEC-4 §4): host the event under one of the organisations the organiser
 * runs (its name becomes the organisation name), or 'None'. A plain select, outside the step's
 * schema: the API checks the choice. Shown only to someone with an organisation to choose.
 */
export function OrgSelect({
  orgs,
  current,
  submitted,
  errors,
}: {
  orgs: { handle: string; name: string }[];
  current: EventOrg | null;
  /** What a refused form sent (Conform's `lastResult`): kept, not the saved choice. */
  submitted?: string;
  errors?: string[];
}) {
  // The saved organisation, or one sent with a refused form (403: no longer theirs), stays shown.
  const extra: { handle: string; name: string }[] = [];
  for (const o of [current, submitted ? { handle: submitted, name: submitted } : null])
    if (o && ![...extra, ...orgs].some((x) => x.handle === o.handle)) extra.push(o);
  const options = [...extra, ...orgs];
  if (!options.length) return null;
  return (
    <Field
      label="Organisation"
      htmlFor="event-org"
      errorId="event-org-error"
      errors={errors}
      hint="Hosting it under your club or society puts it on the organisation's page and tells its followers."
    >
      <select
        id="event-org"
        name="orgHandle"
        // A new choice sent with a refused form starts the select again at that choice.
        key={submitted}
        defaultValue={submitted ?? current?.handle ?? ""}
        aria-invalid={errors?.length ? true : undefined}
        aria-describedby={errors?.length ? "event-org-error" : undefined}
        className={input()}
      >
        <option value="">None</option>
        {options.map((o) => (
          <option key={o.handle} value={o.handle}>
            {o.name}
          </option>
        ))}
      </select>
    </Field>
  );
}
