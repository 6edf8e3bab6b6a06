import { style } from "@vanilla-extract/css";
import { vars } from "#app/styles/theme.css";

export const page = style({
  maxWidth: "520px",
  margin: `${vars.space.xl} auto`,
  padding: vars.space.lg,
  background: vars.color.surface,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.card,
  display: "grid",
  gap: vars.space.md,
  overflowWrap: "anywhere",
});
export const title = style({ margin: 0, fontSize: vars.fontSize.xl });
export const text = style({ margin: 0, color: vars.color.textMuted });
export const error = style({ margin: 0, color: vars.color.danger, fontWeight: 600 });
export const actions = style({ display: "flex", flexWrap: "wrap", gap: vars.space.sm });
