import { style } from "@vanilla-extract/css";
import { vars } from "#app/styles/theme.css";
import { boxedRow, rowList } from "#app/styles/layout.css";
import { mutedText } from "#app/styles/recipes.css";

export const list = rowList;
export const row = boxedRow;
export const who = style({ flex: "1 1 200px", minWidth: 0, overflowWrap: "anywhere" });
export const role = style({ fontWeight: 700 });
export const controls = style({
  display: "flex",
  flexWrap: "wrap",
  gap: vars.space.xs,
  alignItems: "center",
});
export const select = style({ minHeight: "40px" });
export const time = mutedText;
