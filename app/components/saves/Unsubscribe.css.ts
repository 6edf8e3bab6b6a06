import { style } from "@vanilla-extract/css";
import { vars } from "#app/styles/theme.css";
import { card } from "#app/styles/recipes.css";

export const page = style([
  card,
  {
    maxWidth: "520px",
    margin: `${vars.space.xl} auto`,
    display: "grid",
    gap: vars.space.md,
  },
]);
export const title = style({ margin: 0, fontSize: vars.fontSize.xl });
export const text = style({ margin: 0, color: vars.color.textMuted });
export const done = style({ margin: 0, color: vars.color.success, fontWeight: 600 });
export const error = style({ margin: 0, color: vars.color.danger, fontWeight: 600 });
