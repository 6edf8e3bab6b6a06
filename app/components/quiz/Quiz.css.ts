import { style } from "@vanilla-extract/css";
import { recipe } from "@vanilla-extract/recipes";
import { card, hint } from "#app/styles/recipes.css";
import { vars } from "#app/styles/theme.css";
import { wrapRow, box, stack } from "#app/styles/layout.css";

/** The quiz page (SPEC-3 §4): one card, the questions, the countdown bar on top. */
export const page = style([
  card,
  {
    maxWidth: "44rem",
    margin: `${vars.space.md} auto 0`,
    display: "grid",
    gridTemplateColumns: "minmax(0, 1fr)",
    gap: vars.space.md,
  },
]);
export const title = style({ margin: 0, fontSize: vars.fontSize.xl, overflowWrap: "anywhere" });
export const muted = style({ margin: 0, color: vars.color.textMuted });
export const bar = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  justifyContent: "space-between",
  gap: vars.space.sm,
  position: "sticky",
  top: vars.layout.topBar,
  zIndex: 1,
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.md,
  background: vars.color.brandSoft,
  color: vars.color.brandStrong,
});
export const clock = recipe({
  base: { fontFamily: vars.font.mono, fontSize: vars.fontSize.lg, fontWeight: 700 },
  variants: { low: { true: { color: vars.color.danger }, false: {} } },
  defaultVariants: { low: false },
});
export const questions = style({
  display: "grid",
  gap: vars.space.lg,
  margin: 0,
  padding: 0,
  listStyle: "none",
});
export const form = stack;
export const question = box;
/** With JavaScript, one question at a time: the others are hidden, not removed, so the form still sends every answer. */
export const hidden = style({ display: "none" });
export const legend = style({ fontWeight: 600, overflowWrap: "anywhere", padding: 0 });
export const marks = hint;
export const option = style({
  display: "flex",
  alignItems: "center",
  gap: vars.space.sm,
  minHeight: "44px",
  padding: `0 ${vars.space.sm}`,
  borderRadius: vars.radius.sm,
  background: vars.color.surfaceAlt,
  overflowWrap: "anywhere",
  cursor: "pointer",
});
export const nav = style({
  display: "flex",
  flexWrap: "wrap",
  justifyContent: "space-between",
  gap: vars.space.sm,
});
export const saved = recipe({
  base: { margin: 0, fontSize: vars.fontSize.sm },
  variants: {
    tone: {
      ok: { color: vars.color.success },
      wait: { color: vars.color.textMuted },
      bad: { color: vars.color.danger },
    },
  },
  defaultVariants: { tone: "ok" },
});
export const resultRow = recipe({
  base: {
    display: "grid",
    gap: vars.space.xs,
    padding: vars.space.sm,
    borderRadius: vars.radius.sm,
    margin: 0,
  },
  variants: {
    tone: {
      right: { background: vars.color.successSoft },
      wrong: { background: vars.color.dangerSoft },
      none: { background: vars.color.surfaceAlt },
    },
  },
});
export const score = style({ margin: 0, fontSize: vars.fontSize.xxl, fontWeight: 700 });
export const roundAction = wrapRow;
/** What the quiz is, before the clock starts. */
export const brief = style({
  margin: 0,
  paddingLeft: vars.space.lg,
  display: "grid",
  gap: vars.space.xs,
});
/** What a wrong answer costs, beside the question's marks. */
export const negative = style({ color: vars.color.danger, fontWeight: 600 });
