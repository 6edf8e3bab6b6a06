import type { EventRegistrationField } from "#server/contracts/registration";
import * as s from "./create.css";
import { FeeFields } from "./FeeFields";
import { type Meta, RadioField, TextField } from "./fields";

const MODE_OPTIONS = [
  { value: "utsav", label: "Here on Utsav" },
  { value: "website", label: "On our website" },
];

const PARTICIPATION_OPTIONS = [
  { value: "individual", label: "Individual" },
  { value: "team", label: "Team" },
];

/**
 * Participation type, team sizes (shown for team), the registration window in India time, where
 * people register (SPEC-2 §1) and how many registrations the event takes.
 */
export function RegistrationFields({ fields }: { fields: Record<EventRegistrationField, Meta> }) {
  return (
    <>
      <RadioField
        meta={fields.registrationMode}
        legend="Where do people register?"
        options={MODE_OPTIONS}
      />
      <RadioField
        meta={fields.participationType}
        legend="Participation Type"
        options={PARTICIPATION_OPTIONS}
      />
      <div className={`${s.grid2} ${s.teamOnly}`} data-testid="team-fields">
        <TextField meta={fields.minTeam} label="Minimum team size" type="number" />
        <TextField meta={fields.maxTeam} label="Maximum team size" type="number" />
      </div>
      <div className={s.grid2}>
        <TextField
          meta={fields.startDate}
          label="Registration Start (India time)"
          type="datetime-local"
        />
        <TextField
          meta={fields.endDate}
          label="Registration End (India time)"
          type="datetime-local"
        />
      </div>
      <TextField
        meta={fields.capacity}
        label="Capacity (optional)"
        type="number"
        hint="The most registrations you take; a team counts once. Leave empty for no limit."
      />
      <FeeFields fields={fields} />
    </>
  );
}
