import { PhoneField } from "#app/components/PhoneField";
import { button } from "#app/styles/recipes.css";
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
              <PhoneField meta={f.number} />
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
