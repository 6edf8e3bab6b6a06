import { style } from "@vanilla-extract/css";
import { vars } from "#app/styles/theme.css";

export const box = style({ maxWidth: "560px", margin: "10vh auto", textAlign: "center" });
export const text = style({ color: vars.color.textMuted, fontSize: vars.fontSize.lg });
export const actions = style({
  display: "flex",
  gap: vars.space.md,
  justifyContent: "center",
  flexWrap: "wrap",
});
