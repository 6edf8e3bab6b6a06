import type { FieldMetadata, FormMetadata } from "@conform-to/react";
import type { ReactNode } from "react";
import { button } from "#app/styles/recipes.css";

/**
 * 'Add …' under a list of rows (dates, rounds, prizes, contacts, criteria): Conform's insert
 * intent with the new row's values, a plain submit button without JavaScript.
 */
export function AddRowButton({
  form,
  meta,
  defaultValue,
  children,
}: {
  form: FormMetadata<any, string[]>;
  meta: FieldMetadata<Record<string, any>[] | undefined, any, string[]>;
  /** The new row's values, as the form holds them (text). */
  defaultValue: Record<string, unknown>;
  children: ReactNode;
}) {
  return (
    <div>
      <button
        {...form.insert.getButtonProps({ name: meta.name, defaultValue })}
        className={button({ tone: "secondary", size: "sm" })}
      >
        {children}
      </button>
    </div>
  );
}
