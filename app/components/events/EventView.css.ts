import { style } from "@vanilla-extract/css";
import { vars } from "#app/styles/theme.css";
import { rowListLoose, wrapRow } from "#app/styles/layout.css";
import { card } from "#app/styles/recipes.css";

export const view = style({
  display: "grid",
  gridTemplateColumns: "minmax(0, 1fr)",
  gap: vars.space.lg,
  minWidth: 0,
});
export const header = style({
  background: vars.color.surface,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.card,
  overflow: "hidden",
});
export const banner = style({
  display: "block",
  width: "100%",
  aspectRatio: "8 / 3",
  objectFit: "cover",
  background: vars.color.brandSoft,
});
export const bannerPlaceholder = style({
  display: "flex",
  alignItems: "center",
  justifyContent: "center",
  width: "100%",
  aspectRatio: "8 / 3",
  padding: vars.space.lg,
  background: `linear-gradient(135deg, ${vars.color.brand}, ${vars.color.brandStrong})`,
  color: vars.color.onBrand,
  fontSize: vars.fontSize.xxl,
  fontWeight: 800,
  textAlign: "center",
});
export const headBody = style({
  display: "grid",
  gridTemplateColumns: "auto minmax(0, 1fr)",
  gap: vars.space.md,
  padding: vars.space.lg,
  alignItems: "start",
});
export const logo = style({
  width: "72px",
  height: "72px",
  marginTop: "-48px",
  borderRadius: vars.radius.md,
  border: `3px solid ${vars.color.surface}`,
  objectFit: "cover",
  background: vars.color.surface,
  boxShadow: vars.shadow.card,
});
export const logoSpacer = style({ width: "72px" });
export const titleBlock = style({
  minWidth: 0,
  display: "grid",
  gridTemplateColumns: "minmax(0, 1fr)",
  gap: vars.space.xs,
});
// A word breaks only when it cannot fit a line ("anywhere" let the narrow step-3 preview shrink
// the name and break it mid-word), and on a phone the name is set a little smaller so its words
// fit beside the logo.
export const title = style({
  margin: 0,
  fontSize: `clamp(1.25rem, 5.5vw, ${vars.fontSize.xxl})`,
  overflowWrap: "break-word",
});
export const muted = style({ margin: 0, color: vars.color.textMuted });
export const badges = wrapRow;
export const expiredBadge = style({
  padding: "2px 10px",
  borderRadius: vars.radius.pill,
  background: vars.color.dangerSoft,
  color: vars.color.danger,
  fontWeight: 700,
  fontSize: vars.fontSize.sm,
});
export const nextBadge = style([
  expiredBadge,
  { background: vars.color.brandSoft, color: vars.color.brandStrong },
]);
export const facts = style([
  card,
  {
    display: "grid",
    gap: vars.space.md,
    gridTemplateColumns: "repeat(auto-fit, minmax(200px, 1fr))",
  },
]);
export const fact = style({ display: "grid", gap: "2px" });
export const factLabel = style({
  fontSize: vars.fontSize.xs,
  textTransform: "uppercase",
  letterSpacing: "0.04em",
  color: vars.color.textMuted,
  fontWeight: 700,
});
export const factValue = style({ fontWeight: 700 });
export const timeLeft = style({ color: vars.color.brandStrong, fontWeight: 700 });
export const expiredText = style({ color: vars.color.danger, fontWeight: 700 });
export const chips = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "flex-start",
  gap: vars.space.sm,
  listStyle: "none",
  margin: 0,
  padding: 0,
});
export const chip = style({
  padding: "4px 12px",
  lineHeight: 1.3,
  borderRadius: vars.radius.pill,
  background: vars.color.brandSoft,
  color: vars.color.brandStrong,
  fontSize: vars.fontSize.sm,
  fontWeight: 600,
});
export const shareRow = wrapRow;
export const anchors = style({
  position: "sticky",
  top: vars.layout.topBar,
  zIndex: 5,
  display: "flex",
  gap: vars.space.sm,
  overflowX: "auto",
  padding: `${vars.space.sm} 0`,
  background: vars.color.background,
  listStyle: "none",
  margin: 0,
  scrollbarWidth: "thin",
});
export const anchor = style({
  whiteSpace: "nowrap",
  padding: "6px 12px",
  borderRadius: vars.radius.pill,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  color: vars.color.text,
  textDecoration: "none",
  fontSize: vars.fontSize.sm,
  selectors: { "&:hover": { borderColor: vars.color.brand, color: vars.color.brand } },
});
export const section = style([
  card,
  {
    scrollMarginTop: `calc(${vars.layout.topBar} + 56px)`,
    minWidth: 0,
  },
]);
export const sectionTitle = style({ fontSize: vars.fontSize.xl, margin: `0 0 ${vars.space.md}` });
export const rows = rowListLoose;
export const row = style({
  display: "grid",
  gap: vars.space.xs,
  paddingBottom: vars.space.md,
  borderBottom: `1px solid ${vars.color.border}`,
  selectors: { "&:last-child": { borderBottom: 0, paddingBottom: 0 } },
});
export const rowHead = style({
  display: "flex",
  flexWrap: "wrap",
  justifyContent: "space-between",
  gap: vars.space.sm,
  fontWeight: 700,
});
export const eliminator = style({
  padding: "2px 10px",
  borderRadius: vars.radius.pill,
  background: vars.color.dangerSoft,
  color: vars.color.danger,
  fontSize: vars.fontSize.xs,
  fontWeight: 700,
});
export const prizeAmount = style({ color: vars.color.success, fontWeight: 800 });
export const contact = style({
  display: "grid",
  gridTemplateColumns: "44px 1fr",
  gap: vars.space.md,
  alignItems: "center",
});
export const avatar = style({
  display: "flex",
  alignItems: "center",
  justifyContent: "center",
  width: "44px",
  height: "44px",
  borderRadius: vars.radius.pill,
  background: vars.color.brand,
  color: vars.color.onBrand,
  fontWeight: 800,
});
export const note = style({ color: vars.color.textMuted, margin: `${vars.space.sm} 0 0` });
export const linkOut = style({ overflowWrap: "anywhere", fontWeight: 600 });
export const placeholder = style({
  display: "flex",
  alignItems: "center",
  justifyContent: "center",
  minHeight: "40vh",
  borderRadius: vars.radius.lg,
  background: vars.color.surfaceAlt,
  color: vars.color.border,
  fontSize: vars.fontSize.hero,
  fontWeight: 800,
  letterSpacing: "0.08em",
});
