import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "#app/styles/theme.css";

/** A round row of the Rounds panel: what only a submission round has shows once it is chosen. */
export const kindRow = style({});
export const submissionOnly = style({
  gridColumn: "1 / -1",
  display: "flex",
  flexWrap: "wrap",
  gap: vars.space.sm,
  marginBottom: vars.space.md,
});
// Without JavaScript too (CSS :has()): a browser without it simply shows the checkboxes.
globalStyle(
  `${kindRow}:not(:has(select[data-round-kind] option[value="submission"]:checked)) ${submissionOnly}`,
  { display: "none" },
);

/** A checkbox and its words, as in the organiser's lists. */
export { check } from "#app/components/organiser/Organiser.css";
