import { style } from "@vanilla-extract/css";
import { vars } from "#app/styles/theme.css";

/** A title that opens on its description (a <details>: no JavaScript needed). */
export const titleCell = style({ minWidth: "12rem" });
export const summary = style({ cursor: "pointer", fontWeight: 600 });
export const description = style({
  whiteSpace: "pre-wrap",
  overflowWrap: "anywhere",
  margin: `${vars.space.xs} 0 0`,
  color: vars.color.text,
});
