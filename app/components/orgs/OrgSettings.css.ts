import { style } from "@vanilla-extract/css";
import { vars } from "#app/styles/theme.css";
import { boxedRow, cardColumn, rowList } from "#app/styles/layout.css";
import { card } from "#app/styles/recipes.css";

export const page = cardColumn;
export const head = style({ display: "grid", gap: vars.space.xs });
export const title = style({ margin: 0, fontSize: vars.fontSize.xxl, overflowWrap: "anywhere" });
export const panel = style([card, { display: "grid", gap: vars.space.sm, minWidth: 0 }]);
export const panelTitle = style({ margin: 0, fontSize: vars.fontSize.lg });
export const list = rowList;
export const row = boxedRow;
export const who = style({ flex: "1 1 180px", minWidth: 0, overflowWrap: "anywhere" });
export const role = style({ fontWeight: 700 });
/** A field and its button under it, on the left. */
export const inline = style({ display: "grid", justifyItems: "start" });
export const grow = style({ width: "100%", minWidth: 0 });
export const verified = style({
  justifySelf: "start",
  padding: `2px ${vars.space.sm}`,
  borderRadius: vars.radius.pill,
  fontSize: vars.fontSize.sm,
  fontWeight: 700,
  background: vars.color.successSoft,
  color: vars.color.success,
});
export const subTitle = style({ margin: `${vars.space.sm} 0 0`, fontSize: vars.fontSize.md });
