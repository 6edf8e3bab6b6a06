import { style } from "@vanilla-extract/css";
import { vars } from "#app/styles/theme.css";

export const box = style({
  display: "grid",
  gap: vars.space.xs,
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceAlt,
  border: `1px solid ${vars.color.border}`,
  marginTop: vars.space.sm,
});
export const title = style({ margin: 0, fontSize: vars.fontSize.md });
export const mean = style({ margin: 0, fontWeight: 600 });
export const comments = style({
  margin: 0,
  paddingLeft: vars.space.lg,
  display: "grid",
  gap: vars.space.xs,
});
export const comment = style({ whiteSpace: "pre-wrap", overflowWrap: "anywhere" });
export const muted = style({ margin: 0, color: vars.color.textMuted });
