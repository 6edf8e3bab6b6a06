import { style } from "@vanilla-extract/css";
import { vars } from "#app/styles/theme.css";

export const window = style({ margin: `0 0 ${vars.space.md}`, fontWeight: 600 });
export const refusal = style({ margin: 0, display: "grid", gap: vars.space.xs });
export const teamLink = style({ color: vars.color.brand, fontWeight: 600 });
export const view = style({ display: "grid", gap: vars.space.sm, margin: `${vars.space.md} 0 0` });
export const term = style({
  fontWeight: 600,
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
});
export const value = style({ margin: 0, whiteSpace: "pre-wrap", overflowWrap: "anywhere" });
export const links = style({ margin: 0, paddingLeft: vars.space.lg });
