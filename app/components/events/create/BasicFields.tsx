import { EVENT_TYPES, MODES } from "#server/contracts/constants";
import * as s from "./create.css";
import { type Meta, RadioField, SelectField, TextField } from "./fields";

const TYPE_OPTIONS = EVENT_TYPES.map((t) => ({ value: t, label: t }));
const MODE_OPTIONS = MODES.map((m) => ({ value: m, label: m }));

/** Type, name, organisation, festival, website, mode and the venue (shown for Offline). */
export function BasicFields({
  fields,
  onTypeChange,
}: {
  fields: Record<
    | "eventType"
    | "eventName"
    | "organisationName"
    | "festivalName"
    | "eventWebsite"
    | "modeOfEvent"
    | "countryName"
    | "stateName"
    | "cityName"
    | "locationName",
    Meta
  >;
  onTypeChange?: (type: string) => void;
}) {
  return (
    <>
      <SelectField
        meta={fields.eventType}
        label="Event Type"
        options={TYPE_OPTIONS}
        placeholder="Select event type"
        onChange={onTypeChange}
      />
      <TextField meta={fields.eventName} label="Event Name" />
      <TextField meta={fields.organisationName} label="Organisation Name" />
      <div className={s.grid2}>
        <TextField meta={fields.festivalName} label="Festival Name (optional)" />
        <TextField
          meta={fields.eventWebsite}
          label="Website (optional)"
          type="url"
          placeholder="https://"
        />
      </div>
      <RadioField meta={fields.modeOfEvent} legend="Mode of Event" options={MODE_OPTIONS} />
      <div className={`${s.grid2} ${s.offlineOnly}`} data-testid="offline-fields">
        <TextField meta={fields.countryName} label="Country" />
        <TextField meta={fields.stateName} label="State" />
        <TextField meta={fields.cityName} label="City" />
        <TextField meta={fields.locationName} label="Location (optional)" />
      </div>
    </>
  );
}
