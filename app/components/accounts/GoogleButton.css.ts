import { style } from "@vanilla-extract/css";
import { vars } from "#app/styles/theme.css";

export const form = style({ margin: 0 });
export const button = style({
  display: "flex",
  alignItems: "center",
  justifyContent: "center",
  gap: vars.space.sm,
  width: "100%",
  minHeight: "44px",
  padding: `0 ${vars.space.md}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  color: vars.color.text,
  fontWeight: 600,
  fontSize: vars.fontSize.md,
  cursor: "pointer",
  selectors: {
    "&:hover": { background: vars.color.surfaceAlt },
    "&:focus-visible": { outline: `3px solid ${vars.color.focus}`, outlineOffset: "2px" },
  },
});
export const logo = style({ flexShrink: 0 });
export const notConfigured = style({
  margin: 0,
  padding: `${vars.space.sm} ${vars.space.md}`,
  border: `1px dashed ${vars.color.border}`,
  borderRadius: vars.radius.md,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  textAlign: "center",
});
