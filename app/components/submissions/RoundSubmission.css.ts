import { style } from "@vanilla-extract/css";
import { vars } from "#app/styles/theme.css";
import { mutedText } from "#app/styles/recipes.css";

export const state = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  gap: vars.space.sm,
  marginTop: vars.space.xs,
});
export const when = mutedText;
