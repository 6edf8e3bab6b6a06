import { style } from "@vanilla-extract/css";
import { vars } from "#app/styles/theme.css";
import { rowListLoose } from "#app/styles/layout.css";
import { row } from "./EventView.css";
import { mutedText } from "#app/styles/recipes.css";

export const updates = rowListLoose;
/** An update is a row of the event page, as its rounds and prizes. */
export const update = row;
export const updateTitle = style({ margin: 0, fontSize: vars.fontSize.md });
export const updateTime = mutedText;
export const updateText = style({ margin: 0, whiteSpace: "pre-line", overflowWrap: "anywhere" });
export const advanced = style({
  display: "grid",
  gap: vars.space.xs,
  marginTop: vars.space.xs,
  padding: vars.space.sm,
  background: vars.color.successSoft,
  borderRadius: vars.radius.sm,
});
export const advancedLabel = style({ fontWeight: 700, fontSize: vars.fontSize.sm });
export const names = style({
  margin: 0,
  padding: 0,
  listStyle: "none",
  display: "flex",
  flexWrap: "wrap",
  gap: vars.space.xs,
});
export const name = style({
  padding: `2px ${vars.space.sm}`,
  borderRadius: vars.radius.pill,
  background: vars.color.surface,
  fontSize: vars.fontSize.sm,
  overflowWrap: "anywhere",
});
export const winner = style({ fontWeight: 700, overflowWrap: "anywhere" });
