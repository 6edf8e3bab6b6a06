import { style } from "@vanilla-extract/css";
import { vars } from "./theme.css";

/** A list of cards, as many 280 px columns as fit (My Events, Saved, certificates). */
export const cardGrid = style({
  display: "grid",
  gridTemplateColumns: "repeat(auto-fill, minmax(280px, 1fr))",
  gap: vars.space.md,
  listStyle: "none",
  margin: 0,
  padding: 0,
});

/** A list without bullets, its rows one under another (the team, the check-in list). */
export const rowList = style({
  listStyle: "none",
  margin: 0,
  padding: 0,
  display: "grid",
  gap: vars.space.sm,
});
