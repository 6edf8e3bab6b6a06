import * as s from "./create.css";
import { type Meta, RadioField, TextField } from "./fields";

const PARTICIPATION_OPTIONS = [
  { value: "individual", label: "Individual" },
  { value: "team", label: "Team" },
];

/** Participation type, team sizes (shown for team) and the registration window in India time. */
export function RegistrationFields({
  fields,
}: {
  fields: Record<"participationType" | "minTeam" | "maxTeam" | "startDate" | "endDate", Meta>;
}) {
  return (
    <>
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
    </>
  );
}
