import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "#app/styles/theme.css";
import { question as quizQuestion } from "./Quiz.css";
import { hint as mutedHint } from "#app/styles/recipes.css";

/** The quiz builder (SPEC-3 §4) on the organiser's quiz page. */
export { form } from "./Quiz.css";
export const question = style([
  quizQuestion,
  { gridTemplateColumns: "minmax(0, 1fr)", gap: vars.space.xs },
]);
export const questionHead = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  justifyContent: "space-between",
  gap: vars.space.sm,
  width: "100%",
  fontWeight: 700,
  padding: 0,
});
export const rowButtons = style({ display: "inline-flex", flexWrap: "wrap", gap: vars.space.xs });
export const inline = style({
  display: "grid",
  gridTemplateColumns: "repeat(auto-fit, minmax(9rem, 1fr))",
  alignItems: "end",
  gap: vars.space.sm,
});
export const options = style({
  display: "grid",
  gap: vars.space.sm,
  margin: `0 0 ${vars.space.md}`,
  padding: 0,
  border: "none",
  minWidth: 0,
});
export const option = style({
  display: "grid",
  gridTemplateColumns: "auto minmax(0, 1fr) auto",
  alignItems: "center",
  gap: vars.space.sm,
  "@media": {
    "screen and (max-width: 480px)": { gridTemplateColumns: "auto minmax(0, 1fr)" },
  },
});
/** On a phone an option's buttons go under its text. */
export const optionButtons = style({
  "@media": { "screen and (max-width: 480px)": { gridColumn: "1 / -1", justifySelf: "end" } },
});
globalStyle(`${option} > p`, { gridColumn: "1 / -1", margin: 0 });
export const hint = mutedHint;
export const settings = style({
  display: "grid",
  gridTemplateColumns: "repeat(auto-fit, minmax(12rem, 1fr))",
  gap: vars.space.sm,
});
