import { style } from "@vanilla-extract/css";
import { vars } from "#app/styles/theme.css";

export const error = style({
  margin: `0 0 ${vars.space.md}`,
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  background: vars.color.dangerSoft,
  color: vars.color.danger,
  fontWeight: 600,
});
export const next = style({ margin: 0, color: vars.color.textMuted });
