import { globalStyle, style, styleVariants } from "@vanilla-extract/css";
import { actionRow, wrapRow } from "#app/styles/layout.css";
import { hint } from "#app/styles/recipes.css";
import { vars } from "#app/styles/theme.css";

/** The organiser's payments page (SPEC-4 §3): totals, import, lines to assign, the table. */
export const totals = style({
  display: "grid",
  gridTemplateColumns: "repeat(auto-fill, minmax(140px, 1fr))",
  gap: vars.space.sm,
  margin: 0,
});
export const total = style({
  display: "grid",
  gap: "2px",
  padding: vars.space.sm,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceAlt,
});
export const totalLabel = style({
  margin: 0,
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
});
export const totalValue = style({ margin: 0, fontSize: vars.fontSize.xl, fontWeight: 700 });
export const collected = style([total, { background: vars.color.successSoft }]);

export const filters = wrapRow;
export const filterSelect = style({ flex: "1 1 10rem", maxWidth: "16rem" });
export const actions = actionRow;
export const muted = hint;

const tones = {
  pending: { background: vars.color.surfaceAlt, color: vars.color.text },
  claimed: { background: vars.color.warningSoft, color: vars.color.warning },
  paid: { background: vars.color.successSoft, color: vars.color.success },
  rejected: { background: vars.color.dangerSoft, color: vars.color.danger },
  expired: { background: vars.color.surfaceAlt, color: vars.color.textMuted },
  "refund-due": { background: vars.color.warningSoft, color: vars.color.warning },
  refunded: { background: vars.color.brandSoft, color: vars.color.brandStrong },
};
export const badge = styleVariants(tones, (tone) => ({
  ...tone,
  display: "inline-block",
  padding: `2px ${vars.space.sm}`,
  borderRadius: vars.radius.pill,
  fontSize: vars.fontSize.xs,
  fontWeight: 700,
  whiteSpace: "nowrap",
}));

export const mono = style({ fontFamily: vars.font.mono, overflowWrap: "anywhere" });
/** A UTR reads whole: twelve digits never break. */
export const utr = style({ fontFamily: vars.font.mono, whiteSpace: "nowrap" });
/** A table cell of several lines: one block, so a phone's card keeps it beside its label. */
export const cell = style({ display: "grid", justifyItems: "start", gap: "2px", minWidth: 0 });
export const small = style({
  display: "block",
  fontSize: vars.fontSize.xs,
  color: vars.color.textMuted,
});
export const tick = style({ width: "20px", height: "20px", margin: 0 });
/** A row's forms: each opens under its button (details), so a row stays short until used. */
export const rowActions = style({ display: "grid", gap: vars.space.xs, minWidth: "11rem" });
export const disclosure = style({ display: "grid", gap: vars.space.xs });
export const summary = style({
  cursor: "pointer",
  color: vars.color.brand,
  fontWeight: 600,
  fontSize: vars.fontSize.sm,
  minHeight: "32px",
  display: "flex",
  alignItems: "center",
});
export const inlineForm = style({ display: "grid", gap: vars.space.xs, margin: 0 });
export const bulk = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "end",
  columnGap: vars.space.md,
  padding: vars.space.sm,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceAlt,
});
export const sampleWrap = style({ overflowX: "auto", maxWidth: "100%" });
export const columnsGrid = style({
  display: "grid",
  gridTemplateColumns: "repeat(auto-fill, minmax(230px, 1fr))",
  columnGap: vars.space.md,
});
export const counts = style({
  display: "flex",
  flexWrap: "wrap",
  gap: vars.space.sm,
  listStyle: "none",
  margin: 0,
  padding: 0,
});
export const count = style({
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceAlt,
  fontSize: vars.fontSize.sm,
});
export const lines = style({
  display: "grid",
  gap: vars.space.sm,
  listStyle: "none",
  margin: 0,
  padding: 0,
});
export const line = style({
  display: "grid",
  gap: vars.space.xs,
  padding: vars.space.sm,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  overflowWrap: "anywhere",
});
export const sample = style({ borderCollapse: "collapse", fontSize: vars.fontSize.xs });
globalStyle(`${sample} th, ${sample} td`, {
  padding: `2px ${vars.space.sm}`,
  textAlign: "left",
  whiteSpace: "nowrap",
  borderBottom: `1px solid ${vars.color.border}`,
});
export const bulkReason = style({ flex: "1 1 16rem", minWidth: 0 });
export const bulkNote = style([hint, { flexBasis: "100%" }]);
/** Level with the reason's input, above the space its message line keeps. */
export const bulkButtons = style([
  actionRow,
  {
    marginBottom: vars.space.xl,
    "@media": { "screen and (max-width: 640px)": { marginBottom: vars.space.sm } },
  },
]);
