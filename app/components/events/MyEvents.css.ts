import { style } from "@vanilla-extract/css";
import { vars } from "#app/styles/theme.css";
import { cardGrid } from "#app/styles/layout.css";

export const head = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  justifyContent: "space-between",
  gap: vars.space.md,
  margin: `${vars.space.lg} 0 ${vars.space.md}`,
});
export const title = style({ margin: 0, fontSize: vars.fontSize.xxl });
export const search = style({
  display: "flex",
  gap: vars.space.sm,
  flex: "1 1 280px",
  maxWidth: "460px",
});
export const grid = cardGrid;
