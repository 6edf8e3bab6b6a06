import { savedDates } from "#server/contracts/step3-sections";
import { ContactRows } from "#app/components/events/create/ContactRows";
import * as s from "#app/components/events/create/create.css";
import { FileField, TextField } from "#app/components/events/create/fields";
import { AddRowButton } from "#app/components/AddRowButton";
import { fromISTInput, toISTInput } from "#app/utils/dates";
import { Panel, RowHeader } from "./Panel";
import { list, type Overlay, type PanelProps, str, useSectionForm } from "./use-section-form";

function toOverlay(v: Record<string, unknown>): Overlay {
  return {
    importantDates: list<{ dateTitle?: string; date?: string }>(v.importantDates).map((d) => ({
      dateTitle: d.dateTitle ?? "",
      date: fromISTInput(d.date) ?? "",
    })),
    contactDetails: list<{ name?: string; number?: string }>(v.contactDetails).map((c) => ({
      name: c.name ?? "",
      number: c.number ?? "",
    })),
    eventBrochureTitle: str(v.eventBrochureTitle),
  };
}

export function DatesPanel({ event, lastResult, closeHref, onPreview, kept }: PanelProps) {
  // Dates saved before pass unchanged: a contact or the brochure stays editable after a date.
  const saved = savedDates("dates", event);
  const [form, fields] = useSectionForm({
    section: "dates",
    saved,
    event,
    lastResult,
    defaultValue: {
      importantDates: event.importantDates.map((d) => ({
        dateTitle: d.dateTitle,
        date: toISTInput(d.date),
      })),
      contactDetails: event.contactDetails,
      eventBrochureTitle: event.eventBrochureTitle ?? "",
    },
    toOverlay,
    onPreview,
  });
  const dates = fields.importantDates.getFieldList();
  return (
    <Panel
      section="dates"
      form={form}
      version={fields.version}
      closeHref={closeHref}
      multipart
      saved={saved}
    >
      <fieldset className={s.fieldset}>
        <legend className={s.legend}>Important Dates</legend>
        <div className={s.rows}>
          {dates.map((row, index) => {
            const f = row.getFieldset();
            return (
              <div key={row.key} className={s.row} data-testid="date-row">
                <RowHeader form={form} meta={fields.importantDates} index={index} label="Date" />
                <TextField meta={f.dateTitle} label="Title" />
                <TextField meta={f.date} label="Date (India time)" type="datetime-local" />
              </div>
            );
          })}
        </div>
        <AddRowButton
          form={form}
          meta={fields.importantDates}
          defaultValue={{ dateTitle: "", date: "" }}
        >
          Add date
        </AddRowButton>
      </fieldset>
      <h3 className={s.legend}>Important Contact</h3>
      <ContactRows form={form} meta={fields.contactDetails} />
      <h3 className={s.legend}>Brochure</h3>
      <TextField meta={fields.eventBrochureTitle} label="Brochure Title (optional)" />
      <FileField
        meta={fields.eventBrochure}
        kept={kept?.eventBrochure}
        label="Brochure (PDF or spreadsheet)"
        accept=".pdf,.xlsx,.xls,.ods,.csv,application/pdf"
        hint="PDF, xlsx, xls, ods or csv. Up to 10 MB."
        current={event.eventBrochure ? <a href={event.eventBrochure}>Current brochure</a> : null}
      />
    </Panel>
  );
}
