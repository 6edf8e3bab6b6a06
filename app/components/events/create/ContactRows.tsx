import { getInputProps } from "@conform-to/react";
import { Field } from "#app/components/Field";
import { button, input } from "#app/styles/recipes.css";
import * as s from "./create.css";
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
              <div className={s.rowHeader}>
                <p className={s.rowTitle}>Contact {index + 1}</p>
                <button
                  {...form.remove.getButtonProps({ name: meta.name, index })}
                  aria-label={`Remove contact ${index + 1}`}
                  className={button({ tone: "ghost", size: "sm" })}
                >
                  Remove
                </button>
              </div>
              <TextField meta={f.name} label="Name" />
              <Field label="Phone Number" meta={f.number} hint="10 digits, without +91">
                <span className={s.phone}>
                  <span className={s.phonePrefix} aria-hidden="true">
                    +91
                  </span>
                  <input
                    {...getInputProps(f.number, { type: "tel" })}
                    inputMode="numeric"
                    placeholder="9876543210"
                    className={input()}
                  />
                </span>
              </Field>
            </div>
          );
        })}
      </div>
      <div>
        <button
          {...form.insert.getButtonProps({
            name: meta.name,
            defaultValue: { name: "", number: "" },
          })}
          className={button({ tone: "secondary", size: "sm" })}
        >
          Add contact
        </button>
      </div>
    </fieldset>
  );
}
