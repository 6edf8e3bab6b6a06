import type { ReactNode } from "react";
import * as s from "./Organiser.css";

/**
 * One column: its heading (also each cell's label on a phone), its cell, a class for the heading
 * and the cells, one for the cells alone.
 */
export type StackColumn<T> = {
  label: string;
  cell: (row: T, i: number) => ReactNode;
  className?: string;
  cellClassName?: string;
};

const classes = (...names: (string | undefined)[]) => names.filter(Boolean).join(" ");

/**
 * An organiser's table (registrants, submissions, a leaderboard): rows on a wide screen, on a
 * phone each row a card of labelled lines (`stackTable` and its parts in Organiser.css.ts).
 */
export function StackTable<T>({
  columns,
  rows,
  rowKey,
  rowTestId,
  ...table
}: {
  columns: StackColumn<T>[];
  rows: T[];
  rowKey: (row: T) => string;
  rowTestId?: string;
  "data-testid"?: string;
  "aria-labelledby"?: string;
}) {
  return (
    <table className={`${s.table} ${s.stackTable}`} {...table}>
      <thead className={s.stackHead}>
        <tr>
          {columns.map((c) => (
            <th key={c.label} className={classes(s.th, c.className)} scope="col">
              {c.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className={s.stackBody}>
        {rows.map((row, i) => (
          <tr key={rowKey(row)} className={s.stackRow} data-testid={rowTestId}>
            {columns.map((c) => (
              <td
                key={c.label}
                className={classes(s.td, s.stackCell, c.className, c.cellClassName)}
                data-label={c.label}
              >
                {c.cell(row, i)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
