import { type FieldMetadata, getSelectProps, getTextareaProps } from "@conform-to/react";
import { NEW_ROUND, savedDates } from "#server/contracts/step3-sections";
import * as s from "#app/components/events/create/create.css";
import { TextField } from "#app/components/events/create/fields";
import { AddRowButton } from "#app/components/AddRowButton";
import { Field } from "#app/components/Field";
import { kindRow, RoundKindFields } from "#app/components/rounds/RoundKindFields";
import { input } from "#app/styles/recipes.css";
import { fromISTInput, toISTInput } from "#app/utils/dates";
import { Panel, RowHeader } from "./Panel";
import { list, type Overlay, type PanelProps, useSectionForm } from "./use-section-form";

function toOverlay(v: Record<string, unknown>): Overlay {
  return {
    rounds: list<Record<string, string | undefined>>(v.rounds).map((r) => ({
      _id: r._id ?? "",
      kind: r.kind === "submission" || r.kind === "quiz" ? r.kind : "offline",
      requireFile: r.kind === "submission" && r.requireFile === "on",
      requireLink: r.kind === "submission" && r.requireLink === "on",
      title: r.title ?? "",
      description: r.description ?? "",
      startDate: fromISTInput(r.startDate) ?? "",
      endDate: fromISTInput(r.endDate) ?? "",
      isEliminatorRound: r.isEliminatorRound === "true" ? "true" : "false",
    })),
  };
}

export function RoundsPanel({ event, lastResult, closeHref, onPreview }: PanelProps) {
  // Start dates saved before pass unchanged, so an event under way stays editable.
  const saved = savedDates("rounds", event);
  const [form, fields] = useSectionForm({
    section: "rounds",
    saved,
    event,
    lastResult,
    defaultValue: {
      rounds: event.rounds.map((r) => ({
        ...r,
        startDate: toISTInput(r.startDate),
        endDate: toISTInput(r.endDate),
      })),
    },
    toOverlay,
    onPreview,
  });
  const rounds = fields.rounds.getFieldList();
  return (
    <Panel
      section="rounds"
      form={form}
      version={fields.version}
      closeHref={closeHref}
      saved={saved}
    >
      <div className={s.rows}>
        {rounds.map((row, index) => {
          const f = row.getFieldset();
          return (
            <div key={row.key} className={`${s.row} ${kindRow}`} data-testid="round-row">
              <RowHeader form={form} meta={fields.rounds} index={index} label="Round" />
              <TextField meta={f.title} label="Round Title" className={s.wide} />
              <div className={s.wide}>
                <Field label="Description" meta={f.description}>
                  <textarea
                    {...getTextareaProps(f.description)}
                    rows={3}
                    className={input({ multiline: true })}
                  />
                </Field>
              </div>
              <TextField meta={f.startDate} label="Start Date (India time)" type="datetime-local" />
              <TextField meta={f.endDate} label="End Date (India time)" type="datetime-local" />
              <Field label="Eliminator Round" meta={f.isEliminatorRound}>
                <select
                  {...getSelectProps(f.isEliminatorRound as FieldMetadata<string>)}
                  className={input()}
                >
                  <option value="">Select</option>
                  <option value="true">Yes</option>
                  <option value="false">No</option>
                </select>
              </Field>
              <RoundKindFields
                id={f._id}
                kind={f.kind}
                requireFile={f.requireFile}
                requireLink={f.requireLink}
              />
            </div>
          );
        })}
      </div>
      <AddRowButton
        form={form}
        meta={fields.rounds}
        defaultValue={{ ...NEW_ROUND, startDate: "", endDate: "" }}
      >
        Add round
      </AddRowButton>
    </Panel>
  );
}
