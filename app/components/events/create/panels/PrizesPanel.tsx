import { type FieldMetadata, getSelectProps } from "@conform-to/react";
import { PRIZE_RANK_LABELS } from "#server/contracts/constants";
import * as s from "#app/components/events/create/create.css";
import { TextField } from "#app/components/events/create/fields";
import { AddRowButton } from "#app/components/AddRowButton";
import { Field } from "#app/components/Field";
import { FormMessage } from "#app/components/FormMessage";
import { input } from "#app/styles/recipes.css";
import { Panel, RowHeader } from "./Panel";
import { list, num, type Overlay, type PanelProps, useSectionForm } from "./use-section-form";

const RANK_OPTIONS = Object.entries(PRIZE_RANK_LABELS).map(([rank, label]) => ({
  value: rank,
  label: `${rank} · ${label}`,
}));

function toOverlay(v: Record<string, unknown>): Overlay {
  return {
    prizes: list<{ rank?: string; cashAmount?: string }>(v.prizes)
      .map((x) => ({ rank: num(x.rank) ?? 0, cashAmount: num(x.cashAmount) ?? 0 }))
      .filter((x) => x.rank > 0),
  };
}

export function PrizesPanel({ event, lastResult, closeHref, onPreview }: PanelProps) {
  const [form, fields] = useSectionForm({
    section: "prizes",
    event,
    lastResult,
    defaultValue: {
      prizes: event.prizes.map((x) => ({ rank: String(x.rank), cashAmount: String(x.cashAmount) })),
    },
    toOverlay,
    onPreview,
  });
  const prizes = fields.prizes.getFieldList();
  return (
    <Panel section="prizes" form={form} version={fields.version} closeHref={closeHref}>
      <p className={s.subheading}>Amounts are in Indian rupees (₹), whole rupees.</p>
      <FormMessage type="error">{fields.prizes.errors?.[0]}</FormMessage>
      <div className={s.rows}>
        {prizes.map((row, index) => {
          const f = row.getFieldset();
          return (
            <div key={row.key} className={s.row} data-testid="prize-row">
              <RowHeader form={form} meta={fields.prizes} index={index} label="Prize" />
              <Field label="Rank" meta={f.rank}>
                <select {...getSelectProps(f.rank as FieldMetadata<string>)} className={input()}>
                  <option value="">Select rank</option>
                  {RANK_OPTIONS.map((o) => (
                    <option key={o.value} value={o.value}>
                      {o.label}
                    </option>
                  ))}
                </select>
              </Field>
              <TextField
                meta={f.cashAmount}
                label="Cash Amount (₹)"
                type="number"
                hint="In Indian rupees"
              />
            </div>
          );
        })}
      </div>
      <AddRowButton
        form={form}
        meta={fields.prizes}
        defaultValue={{ rank: String(Math.min(prizes.length + 1, 7)), cashAmount: "" }}
      >
        Add prize
      </AddRowButton>
    </Panel>
  );
}
