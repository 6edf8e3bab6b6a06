import { style } from "@vanilla-extract/css";
import { vars } from "#app/styles/theme.css";
import { card } from "#app/styles/recipes.css";

export const step = style([
  card,
  {
    display: "grid",
    gap: vars.space.md,
    maxWidth: "640px",
    margin: `${vars.space.lg} auto`,
  },
]);
export const title = style({ margin: 0, fontSize: vars.fontSize.xl, overflowWrap: "anywhere" });
export const lines = style({ display: "grid", gap: vars.space.sm });
export const line = style({ margin: 0 });
export const warning = style({
  margin: 0,
  padding: vars.space.sm,
  borderRadius: vars.radius.md,
  background: vars.color.dangerSoft,
  color: vars.color.danger,
  fontWeight: 600,
});
export const actions = style({ display: "flex", flexWrap: "wrap", gap: vars.space.sm });
