import * as s from "./create.css";
import type { AnyForm, ListMeta } from "./fields";
import { button } from "#app/styles/recipes.css";

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
