import { style } from "@vanilla-extract/css";
import { vars } from "#app/styles/theme.css";

export const empty = style({
  textAlign: "center",
  padding: `${vars.space.xxl} ${vars.space.md}`,
  display: "grid",
  gap: vars.space.md,
  justifyItems: "center",
});
export const error = style({ color: vars.color.danger });
