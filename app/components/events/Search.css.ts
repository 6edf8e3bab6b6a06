import { style } from "@vanilla-extract/css";
import { vars } from "#app/styles/theme.css";
import { hint } from "#app/styles/recipes.css";
import { rowList, wrapRow } from "#app/styles/layout.css";

const WIDE = "(min-width: 900px)";

export const head = style({
  display: "flex",
  alignItems: "baseline",
  justifyContent: "space-between",
  gap: vars.space.md,
  margin: `${vars.space.lg} 0 ${vars.space.sm}`,
});
export const title = style({ fontSize: vars.fontSize.xl, margin: 0 });
export const count = hint;
export const filters = style([
  wrapRow,
  {
    padding: `${vars.space.sm} 0 ${vars.space.md}`,
  },
]);
export const select = style({
  minHeight: "40px",
  maxWidth: "100%",
  padding: `0 ${vars.space.md}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.pill,
  background: vars.color.surface,
  fontWeight: 600,
});
export const pills = style({
  display: "flex",
  gap: vars.space.xs,
  border: 0,
  margin: 0,
  padding: 0,
});
export const pillInput = style({ position: "absolute", opacity: 0, width: "1px", height: "1px" });
export const pill = style({
  display: "inline-flex",
  alignItems: "center",
  minHeight: "40px",
  padding: `0 ${vars.space.md}`,
  borderRadius: vars.radius.pill,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  fontWeight: 600,
  cursor: "pointer",
  selectors: {
    [`${pillInput}:checked + &`]: {
      background: vars.color.brand,
      color: vars.color.onBrand,
      borderColor: vars.color.brand,
    },
    [`${pillInput}:focus-visible + &`]: {
      outline: `3px solid ${vars.color.focus}`,
      outlineOffset: "2px",
    },
  },
});
/** The page's own text box: on small screens only, where the top bar has none. */
export const textBox = style({
  flex: "1 1 180px",
  minHeight: "40px",
  padding: `0 ${vars.space.md}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.pill,
  background: vars.color.surface,
  "@media": { "(min-width: 768px)": { display: "none" } },
});
export const layout = style({
  display: "grid",
  gap: vars.space.lg,
  "@media": {
    [WIDE]: { gridTemplateColumns: "minmax(300px, 380px) minmax(0, 1fr)", alignItems: "start" },
  },
});
export const list = style({
  display: "grid",
  gap: vars.space.sm,
  "@media": {
    [WIDE]: {
      position: "sticky",
      top: `calc(${vars.layout.topBar} + ${vars.space.sm})`,
      maxHeight: `calc(100vh - ${vars.layout.topBar} - ${vars.space.lg})`,
      overflowY: "auto",
      paddingRight: vars.space.xs,
    },
  },
});
export const cards = rowList;
/** The detail: beside the list when wide; over the list on a phone, and only once a card is picked. */
export const detail = style({
  display: "none",
  minWidth: 0,
  "@media": { [WIDE]: { display: "block" } },
});
export const detailOpen = style({
  "@media": {
    "(max-width: 899.98px)": {
      display: "block",
      position: "fixed",
      inset: `${vars.layout.topBar} 0 0 0`,
      zIndex: 30,
      overflowY: "auto",
      padding: vars.space.md,
      background: vars.color.background,
    },
  },
});
export const close = style({
  display: "flex",
  justifyContent: "flex-end",
  marginBottom: vars.space.sm,
  "@media": { [WIDE]: { display: "none" } },
});
export const pager = style({
  display: "flex",
  alignItems: "center",
  justifyContent: "space-between",
  gap: vars.space.sm,
  padding: `${vars.space.sm} 0`,
});
