import { style } from "@vanilla-extract/css";
import { vars } from "#app/styles/theme.css";

export const page = style({ maxWidth: "760px", margin: `${vars.space.lg} auto 0` });
export const card = style({
  background: vars.color.surface,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.card,
  padding: vars.space.lg,
  "@media": { "(min-width: 768px)": { padding: vars.space.xl } },
});
export const lead = style({ color: vars.color.textMuted, margin: `0 0 ${vars.space.md}` });
export const links = style({ display: "grid", gap: vars.space.sm });
export const current = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  gap: vars.space.sm,
  margin: `${vars.space.xs} 0`,
});
export const actions = style({
  display: "flex",
  justifyContent: "flex-end",
  gap: vars.space.md,
  marginTop: vars.space.md,
  flexWrap: "wrap",
});
