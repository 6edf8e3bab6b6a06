import { style } from "@vanilla-extract/css";
import { vars } from "#app/styles/theme.css";
import { card as panelCard } from "#app/styles/recipes.css";

export const page = style({ maxWidth: "760px", margin: `${vars.space.lg} auto 0` });
export const card = style([
  panelCard,
  {
    "@media": { "(min-width: 768px)": { padding: vars.space.xl } },
  },
]);
export const grid = style({
  display: "grid",
  gap: `0 ${vars.space.lg}`,
  "@media": { "(min-width: 640px)": { gridTemplateColumns: "1fr 1fr" } },
});
export const actions = style({
  display: "flex",
  justifyContent: "flex-end",
  gap: vars.space.md,
  marginTop: vars.space.md,
  flexWrap: "wrap",
});
