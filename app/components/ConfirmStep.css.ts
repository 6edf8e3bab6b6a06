import { style } from "@vanilla-extract/css";
import { vars } from "#app/styles/theme.css";
import { card, dangerNote } from "#app/styles/recipes.css";
import { actionRow } from "#app/styles/layout.css";

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
export const warning = style([dangerNote, { fontWeight: 600 }]);
export const actions = actionRow;
