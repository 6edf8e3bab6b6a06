import { style } from "@vanilla-extract/css";
import { vars } from "#app/styles/theme.css";

export const page = style({ maxWidth: "640px", margin: `${vars.space.lg} auto` });
export const frame = style({
  width: "100%",
  minHeight: "80vh",
  border: 0,
  borderRadius: vars.radius.lg,
  background: vars.color.surface,
});
export const stars = style({
  display: "flex",
  gap: vars.space.sm,
  flexWrap: "wrap",
  border: 0,
  padding: 0,
  margin: `0 0 ${vars.space.md}`,
});
export const legend = style({
  fontWeight: 600,
  fontSize: vars.fontSize.sm,
  marginBottom: vars.space.xs,
  padding: 0,
});
export const star = style({
  display: "inline-flex",
  alignItems: "center",
  gap: vars.space.xs,
  minHeight: "44px",
  padding: `0 ${vars.space.sm}`,
});
