import { style } from "@vanilla-extract/css";
import { vars } from "#app/styles/theme.css";

/** The public profile setting on the profile page. */
export const setting = style({
  marginTop: vars.space.lg,
  paddingTop: vars.space.lg,
  borderTop: `1px solid ${vars.color.border}`,
  display: "grid",
  gap: vars.space.sm,
});
export const settingTitle = style({ margin: 0, fontSize: vars.fontSize.lg });
export const settingActions = style({
  display: "flex",
  justifyContent: "flex-end",
  alignItems: "center",
  gap: vars.space.md,
  flexWrap: "wrap",
});
