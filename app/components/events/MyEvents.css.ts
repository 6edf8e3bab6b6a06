import { style } from "@vanilla-extract/css";
import { vars } from "#app/styles/theme.css";

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
export const grid = style({
  display: "grid",
  gridTemplateColumns: "repeat(auto-fill, minmax(280px, 1fr))",
  gap: vars.space.md,
  listStyle: "none",
  margin: 0,
  padding: 0,
});
export const empty = style({
  textAlign: "center",
  padding: `${vars.space.xxl} ${vars.space.md}`,
  display: "grid",
  gap: vars.space.md,
  justifyItems: "center",
});
export const error = style({ color: vars.color.danger });
