import type { EventData } from "#server/contracts/event-shape";
import { BasicFields } from "#app/components/events/create/BasicFields";
import { LogoField } from "#app/components/events/create/fields";
import { feeDefaults } from "#app/components/events/create/FeeFields";
import { RegistrationFields } from "#app/components/events/create/RegistrationFields";
import { fromISTInput, toISTInput } from "#app/utils/dates";
import { Panel } from "./Panel";
import { num, type Overlay, type PanelProps, str, useSectionForm } from "./use-section-form";

function toOverlay(v: Record<string, unknown>): Overlay {
  return {
    eventType: str(v.eventType),
    eventName: str(v.eventName),
    organisationName: str(v.organisationName),
    festivalName: str(v.festivalName),
    eventWebsite: str(v.eventWebsite),
    modeOfEvent: (str(v.modeOfEvent) as EventData["modeOfEvent"]) ?? null,
    countryName: str(v.countryName),
    stateName: str(v.stateName),
    cityName: str(v.cityName),
    locationName: str(v.locationName),
    participationType: (str(v.participationType) as EventData["participationType"]) ?? null,
    minTeam: num(v.minTeam),
    maxTeam: num(v.maxTeam),
    startDate: fromISTInput(str(v.startDate)),
    endDate: fromISTInput(str(v.endDate)),
    registrationMode: str(v.registrationMode) === "website" ? "website" : "utsav",
    capacity: num(v.capacity),
  };
}

export function BasicPanel({ event, lastResult, closeHref, onPreview, kept }: PanelProps) {
  const [form, fields] = useSectionForm({
    section: "basic",
    event,
    lastResult,
    defaultValue: {
      eventType: event.eventType ?? "",
      eventName: event.eventName ?? "",
      organisationName: event.organisationName ?? "",
      festivalName: event.festivalName ?? "",
      eventWebsite: event.eventWebsite ?? "",
      modeOfEvent: event.modeOfEvent ?? "",
      countryName: event.countryName ?? "",
      stateName: event.stateName ?? "",
      cityName: event.cityName ?? "",
      locationName: event.locationName ?? "",
      registrationMode: event.registrationMode,
      capacity: event.capacity ? String(event.capacity) : "",
      participationType: event.participationType ?? "",
      minTeam: String(event.minTeam ?? 1),
      maxTeam: String(event.maxTeam ?? 4),
      startDate: toISTInput(event.startDate),
      endDate: toISTInput(event.endDate),
      ...feeDefaults(event),
    },
    toOverlay,
    onPreview,
  });
  return (
    <Panel section="basic" form={form} version={fields.version} closeHref={closeHref} multipart>
      <LogoField
        meta={fields.eventLogo}
        kept={kept?.eventLogo}
        label="Event Logo (optional)"
        hint="Choose a file only to replace the current logo. Up to 10 MB."
        logo={event.eventLogo}
      />
      <BasicFields fields={fields} />
      <RegistrationFields fields={fields} />
    </Panel>
  );
}
