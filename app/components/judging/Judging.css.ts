import { style } from "@vanilla-extract/css";
import { recipe } from "@vanilla-extract/recipes";
import { vars } from "#app/styles/theme.css";
import { rowListTight, wrapRow, stack as column } from "#app/styles/layout.css";

const wide = "screen and (min-width: 900px)";

/** The judge's page: the score form beside the queue on a wide screen, above it on a phone. */
export const desk = style({
  display: "grid",
  gridTemplateColumns: "minmax(0, 1fr)",
  gap: vars.space.lg,
  "@media": {
    [wide]: { gridTemplateColumns: "minmax(0, 1fr) minmax(0, 2fr)", alignItems: "start" },
  },
});
export const queueColumn = style({ "@media": { [wide]: { order: -1 } } });
export const queue = rowListTight;
export const queueItem = recipe({
  base: {
    display: "grid",
    gap: "2px",
    padding: vars.space.sm,
    borderRadius: vars.radius.md,
    textDecoration: "none",
    color: vars.color.text,
    background: vars.color.surfaceAlt,
    border: `2px solid transparent`,
    overflowWrap: "anywhere",
  },
  variants: {
    current: { true: { borderColor: vars.color.brand, background: vars.color.brandSoft } },
  },
});
export const itemTitle = style({ fontWeight: 600 });
export const pill = recipe({
  base: {
    justifySelf: "start",
    fontSize: vars.fontSize.xs,
    fontWeight: 600,
    padding: `0 ${vars.space.sm}`,
    borderRadius: vars.radius.pill,
  },
  variants: {
    tone: {
      done: { background: vars.color.successSoft, color: vars.color.text },
      todo: { background: vars.color.warningSoft, color: vars.color.text },
      bad: { background: vars.color.dangerSoft, color: vars.color.text },
    },
  },
});
export const description = style({ margin: 0, whiteSpace: "pre-wrap", overflowWrap: "anywhere" });
export const links = style({ margin: 0, paddingLeft: vars.space.lg, overflowWrap: "anywhere" });
export const criteria = style({
  display: "grid",
  gridTemplateColumns: "repeat(auto-fill, minmax(140px, 1fr))",
  gap: `0 ${vars.space.md}`,
});
export const scoreInput = style({ maxWidth: "120px" });
export const formActions = wrapRow;
export const progress = style({ margin: 0, fontSize: vars.fontSize.lg, fontWeight: 700 });
export const roundBox = style({
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  padding: vars.space.md,
  display: "grid",
  gridTemplateColumns: "minmax(0, 1fr)",
  gap: vars.space.md,
  minWidth: 0,
});
export const roundTitle = style({ margin: 0, fontSize: vars.fontSize.lg });
export const criterionRow = style({
  display: "grid",
  gridTemplateColumns: "minmax(0, 2fr) minmax(80px, 1fr) auto",
  gap: vars.space.sm,
  alignItems: "end",
});
export const judgeChecks = rowListTight;
/** Figures line up on the right in the table; on a phone, where rows are cards, they read on the left. */
export const number = style({
  whiteSpace: "nowrap",
  "@media": { "screen and (min-width: 641px)": { textAlign: "right" } },
});
export const stack = style({
  display: "grid",
  gridTemplateColumns: "minmax(0, 1fr)",
  gap: vars.space.lg,
});
export const setupForm = column;
