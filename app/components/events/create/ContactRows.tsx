import { PhoneField } from "#app/components/PhoneField";
import { AddRowButton } from "#app/components/AddRowButton";
import * as s from "./create.css";
import { button } from "#app/styles/recipes.css";
import { type AnyForm, type ListMeta, TextField } from "./fields";

/** Contact rows, added and removed with Conform list intents (plain submit buttons without JavaScript). */
export function ContactRows({ form, meta }: { form: AnyForm; meta: ListMeta }) {
  const rows = meta.getFieldList();
  return (
    <fieldset className={s.fieldset}>
      <legend className={s.legend}>Contact Details</legend>
      <div className={s.rows}>
        {rows.map((row, index) => {
          const f = row.getFieldset();
          return (
            <div key={row.key} className={s.row} data-testid="contact-row">
              <RowHeader form={form} meta={meta} index={index} label="Contact" />
              <TextField meta={f.name} label="Name" />
              <PhoneField meta={f.number} />
            </div>
          );
        })}
      </div>
      <AddRowButton form={form} meta={meta} defaultValue={{ name: "", number: "" }}>
        Add contact
      </AddRowButton>
    </fieldset>
  );
}

/** The heading of one row of a list (a date, a round, a prize) with its Remove button. */
export function RowHeader({
  form,
  meta,
  index,
  label,
}: {
  form: AnyForm;
  meta: ListMeta;
  index: number;
  label: string;
}) {
  return (
    <div className={s.rowHeader}>
      <p className={s.rowTitle}>
        {label} {index + 1}
      </p>
      <button
        {...form.remove.getButtonProps({ name: meta.name, index })}
        aria-label={`Remove ${label.toLowerCase()} ${index + 1}`}
        className={button({ tone: "ghost", size: "sm" })}
      >
        Remove
      </button>
    </div>
  );
}
