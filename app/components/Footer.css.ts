import { style } from "@vanilla-extract/css";
import { vars } from "#app/styles/theme.css";

export const footer = style({
  marginTop: vars.space.xxl,
  padding: `${vars.space.xl} 0`,
  background: vars.color.text,
  color: "#e8e7f2",
});
export const inner = style({
  display: "flex",
  flexWrap: "wrap",
  gap: vars.space.lg,
  alignItems: "center",
  justifyContent: "space-between",
});
export const links = style({
  display: "flex",
  flexWrap: "wrap",
  gap: vars.space.md,
  listStyle: "none",
  margin: 0,
  padding: 0,
});
export const link = style({ color: "#e8e7f2" });
export const social = style({ display: "flex", gap: vars.space.sm });
