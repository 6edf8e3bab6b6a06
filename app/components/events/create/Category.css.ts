import { style } from "@vanilla-extract/css";
import { vars } from "#app/styles/theme.css";
import { hint, card as panelCard } from "#app/styles/recipes.css";

export const hero = style({ textAlign: "center", padding: `${vars.space.xl} 0 ${vars.space.lg}` });
export const title = style({ fontSize: vars.fontSize.hero, margin: 0 });
export const lead = style({
  color: vars.color.textMuted,
  fontSize: vars.fontSize.lg,
  margin: `${vars.space.sm} 0 0`,
});
/**
 * Six cards: one column on a phone, two on a tablet, three on a desktop, so every row is full and
 * each card is wide enough for its button's label on one line.
 */
export const grid = style({
  display: "grid",
  gap: vars.space.lg,
  gridTemplateColumns: "repeat(auto-fit, minmax(min(100%, 300px), 1fr))",
  listStyle: "none",
  padding: 0,
  margin: 0,
});
export const card = style([
  panelCard,
  {
    display: "grid",
    gap: vars.space.md,
    height: "100%",
    alignContent: "space-between",
    borderTop: `4px solid ${vars.color.brand}`,
  },
]);
export const cardTitle = style({ fontSize: vars.fontSize.lg, margin: 0 });
export const cardText = hint;
