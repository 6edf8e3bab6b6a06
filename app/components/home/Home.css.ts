import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "#app/styles/theme.css";

export const hero = style({ padding: `${vars.space.xxl} 0 ${vars.space.xl}` });
export const lead = style({
  color: vars.color.textMuted,
  fontSize: vars.fontSize.lg,
  marginTop: vars.space.sm,
});
export const sectionTitle = style({
  fontSize: vars.fontSize.xl,
  margin: `${vars.space.xl} 0 ${vars.space.md}`,
});
/**
 * The five category tiles: two to a row on a phone, the odd one out across the whole row; one row
 * of equal tiles from tablets up (auto-fit: no empty columns beside them).
 */
export const tiles = style({
  display: "grid",
  gridTemplateColumns: "repeat(2, minmax(0, 1fr))",
  "@media": {
    "(min-width: 768px)": { gridTemplateColumns: "repeat(auto-fit, minmax(150px, 1fr))" },
  },
  gap: vars.space.md,
  listStyle: "none",
  padding: 0,
  margin: 0,
});
globalStyle(`${tiles} > li:last-child:nth-child(odd)`, {
  "@media": { "(max-width: 767px)": { gridColumn: "1 / -1" } },
});
export const tile = style({
  display: "flex",
  alignItems: "flex-end",
  minHeight: "96px",
  padding: vars.space.md,
  borderRadius: vars.radius.lg,
  background: vars.color.brandSoft,
  color: vars.color.brandStrong,
  fontWeight: 700,
  textDecoration: "none",
  border: `1px solid ${vars.color.border}`,
  selectors: { "&:hover": { background: vars.color.surface, borderColor: vars.color.brand } },
});
export const banner = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  justifyContent: "space-between",
  gap: vars.space.md,
  marginTop: vars.space.xl,
  padding: vars.space.lg,
  borderRadius: vars.radius.lg,
  background: vars.color.brand,
  color: vars.color.onBrand,
});
export const bannerTitle = style({ margin: 0, fontSize: vars.fontSize.xl });
export const bannerText = style({ margin: `${vars.space.xs} 0 0` });

export const rowHead = style({
  display: "flex",
  alignItems: "baseline",
  justifyContent: "space-between",
  gap: vars.space.md,
  margin: `${vars.space.xl} 0 ${vars.space.md}`,
});
export const rowTitle = style({ fontSize: vars.fontSize.xl, margin: 0 });
export const seeAll = style({ fontWeight: 600, whiteSpace: "nowrap" });
/** A row of cards: swipes sideways on a phone, a grid on wider screens. */
export const cardRow = style({
  display: "grid",
  gridAutoFlow: "column",
  gridAutoColumns: "minmax(260px, 80%)",
  gap: vars.space.md,
  overflowX: "auto",
  scrollSnapType: "x mandatory",
  listStyle: "none",
  padding: `0 0 ${vars.space.sm}`,
  margin: 0,
  "@media": {
    "(min-width: 768px)": {
      gridAutoFlow: "row",
      gridTemplateColumns: "repeat(auto-fill, minmax(260px, 1fr))",
      overflowX: "visible",
    },
  },
});
export const cardCell = style({ scrollSnapAlign: "start" });
export const empty = style({ color: vars.color.textMuted });
