import { style } from "@vanilla-extract/css";
import { vars } from "#app/styles/theme.css";
import { spreadRow, wrapRow, actionRow, box, dataTable } from "#app/styles/layout.css";
import { hint, card, mutedText } from "#app/styles/recipes.css";

export const page = style({
  display: "grid",
  gridTemplateColumns: "minmax(0, 1fr)",
  gap: vars.space.lg,
  margin: `${vars.space.lg} 0`,
});
export const head = style({
  display: "grid",
  gridTemplateColumns: "minmax(0, 1fr)",
  gap: vars.space.sm,
  minWidth: 0,
  margin: 0,
});
export const title = style({ margin: 0, fontSize: vars.fontSize.xxl, overflowWrap: "anywhere" });
export const status = style({ margin: 0, color: vars.color.textMuted });
export const actions = actionRow;
export const inline = style({ display: "inline" });
export const anchors = style({
  display: "flex",
  flexWrap: "wrap",
  gap: vars.space.sm,
  listStyle: "none",
  margin: 0,
  padding: 0,
});
export const anchor = style({
  display: "inline-block",
  whiteSpace: "nowrap",
  padding: `${vars.space.xs} ${vars.space.md}`,
  borderRadius: vars.radius.pill,
  background: vars.color.brandSoft,
  color: vars.color.brandStrong,
  textDecoration: "none",
  fontSize: vars.fontSize.sm,
});
/** The section being shown: filled, so it reads as 'you are here'. */
export const anchorCurrent = style([
  anchor,
  { background: vars.color.brand, color: vars.color.onBrand, fontWeight: 700 },
]);
export const section = style([
  card,
  {
    display: "grid",
    gridTemplateColumns: "minmax(0, 1fr)",
    gap: vars.space.md,
    minWidth: 0,
    "@media": { "screen and (max-width: 480px)": { padding: vars.space.md } },
  },
]);
export const sectionTitle = style({ margin: 0, fontSize: vars.fontSize.xl });
export const stats = style({
  display: "grid",
  gridTemplateColumns: "repeat(auto-fill, minmax(130px, 1fr))",
  gap: vars.space.sm,
  margin: 0,
});
export const stat = style({
  display: "grid",
  padding: vars.space.sm,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceAlt,
});
export const statLabel = mutedText;
export const statValue = style({ margin: 0, fontSize: vars.fontSize.xl, fontWeight: 700 });
export const chart = style({ width: "100%", maxWidth: "560px", height: "auto", display: "block" });
export const legend = style({
  display: "flex",
  flexWrap: "wrap",
  gap: vars.space.md,
  fontSize: vars.fontSize.sm,
  margin: 0,
  padding: 0,
  listStyle: "none",
});
export const swatchViews = style({
  display: "inline-block",
  width: "12px",
  height: "12px",
  marginRight: vars.space.xs,
  background: vars.color.brand,
  borderRadius: "2px",
});
export const swatchRegs = style([swatchViews, { background: vars.color.success }]);
export const tableWrap = style({ overflowX: "auto", maxWidth: "100%" });
const narrow = "screen and (max-width: 640px)";
export const table = dataTable;
/** The registrants table: on a phone each person is a card of labelled lines, not a squeezed row. */
export const stackTable = style({
  "@media": { [narrow]: { display: "block" } },
});
export const stackHead = style({ "@media": { [narrow]: { display: "none" } } });
export const stackBody = style({
  "@media": { [narrow]: { display: "grid", gap: vars.space.sm } },
});
export const stackRow = style({
  "@media": {
    [narrow]: {
      display: "grid",
      padding: vars.space.sm,
      borderRadius: vars.radius.md,
      background: vars.color.surfaceAlt,
    },
  },
});
export const stackCell = style({
  "@media": {
    [narrow]: {
      display: "grid",
      // Wide enough for the longest label ('Submission', 'Normalised') on one line.
      gridTemplateColumns: "6.75rem minmax(0, 1fr)",
      gap: vars.space.sm,
      borderBottom: "none",
      padding: `2px 0`,
      selectors: {
        "&::before": {
          content: "attr(data-label)",
          color: vars.color.textMuted,
          fontWeight: 600,
          // A label breaks between words, never inside one ('Submissio / n').
          overflowWrap: "normal",
        },
      },
    },
  },
});
export const th = style({
  textAlign: "left",
  padding: vars.space.sm,
  borderBottom: `2px solid ${vars.color.border}`,
  whiteSpace: "nowrap",
});
export const td = style({
  padding: vars.space.sm,
  borderBottom: `1px solid ${vars.color.border}`,
  verticalAlign: "top",
  overflowWrap: "anywhere",
});
/**
 * An e-mail address reads whole on a desktop (the table scrolls sideways if it must); only a
 * phone's stacked card may break it, where the width is all there is.
 */
export const emailCell = style({
  whiteSpace: "nowrap",
  overflowWrap: "normal",
  "@media": { [narrow]: { whiteSpace: "normal", overflowWrap: "anywhere" } },
});
export const toolbar = wrapRow;
export const grow = style({ flex: "1 1 200px", minWidth: 0 });
export const pager = spreadRow;
export const muted = hint;
export const checks = style({
  display: "grid",
  gridTemplateColumns: "repeat(auto-fill, minmax(220px, 1fr))",
  gap: vars.space.xs,
  listStyle: "none",
  margin: 0,
  padding: 0,
  maxHeight: "360px",
  overflowY: "auto",
});
export const check = style({
  display: "flex",
  gap: vars.space.sm,
  alignItems: "center",
  minHeight: "44px",
  padding: `0 ${vars.space.sm}`,
  borderRadius: vars.radius.sm,
  background: vars.color.surfaceAlt,
  overflowWrap: "anywhere",
});
export const round = box;
export const legendTitle = style({ fontWeight: 700, padding: `0 ${vars.space.xs}` });
export const danger = style({
  background: vars.color.dangerSoft,
  borderRadius: vars.radius.md,
  padding: vars.space.md,
  display: "grid",
  gap: vars.space.sm,
});
export const bar = style({ fill: vars.color.brand });
export const regLine = style({ fill: "none", stroke: vars.color.success, strokeWidth: 2 });
export const gridLine = style({ stroke: vars.color.border, strokeWidth: 0.5 });
export const axisText = style({ fill: vars.color.textMuted, fontSize: "10px" });
