import { style } from "@vanilla-extract/css";
import { vars } from "#app/styles/theme.css";

export const errorPage = style({
  maxWidth: "640px",
  margin: "10vh auto",
  padding: vars.space.lg,
  textAlign: "center",
});
export const errorText = style({ color: vars.color.textMuted, fontSize: vars.fontSize.lg });
