import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "#app/styles/theme.css";
import { cardColumn } from "#app/styles/layout.css";
import { card as panelCard } from "#app/styles/recipes.css";

export const page = cardColumn;
export const hero = style([
  panelCard,
  {
    display: "grid",
    gap: vars.space.sm,
    justifyItems: "start",
    borderTop: `6px solid ${vars.color.brand}`,
  },
]);
export const head = style({ display: "flex", gap: vars.space.md, alignItems: "center" });
export const logo = style({
  width: "72px",
  height: "72px",
  flexShrink: 0,
  borderRadius: vars.radius.md,
  objectFit: "cover",
  background: vars.color.brandSoft,
  color: vars.color.brand,
  display: "grid",
  placeItems: "center",
  fontSize: vars.fontSize.xxl,
  fontWeight: 700,
});
export const name = style({
  margin: 0,
  fontSize: vars.fontSize.xxl,
  lineHeight: 1.2,
  overflowWrap: "anywhere",
});
export const meta = style({ margin: 0, color: vars.color.textMuted });
export const verified = style({
  padding: `2px ${vars.space.sm}`,
  borderRadius: vars.radius.pill,
  fontSize: vars.fontSize.sm,
  fontWeight: 700,
  background: vars.color.successSoft,
  color: vars.color.success,
});
export const follow = style({
  display: "flex",
  alignItems: "center",
  gap: vars.space.md,
  flexWrap: "wrap",
});
export const followers = style({ color: vars.color.textMuted, fontWeight: 600 });
export const section = style([panelCard, { display: "grid", gap: vars.space.sm }]);
export const sectionTitle = style({ margin: 0, fontSize: vars.fontSize.lg });
export const about = style({ overflowWrap: "anywhere" });
globalStyle(`${about} > :first-child`, { marginTop: 0 });
globalStyle(`${about} > :last-child`, { marginBottom: 0 });
export const heroActions = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  gap: vars.space.md,
});
export const muted = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });
export const feed = style({ margin: 0, padding: `0 ${vars.space.sm}` });
export const pastList = style({
  listStyle: "none",
  margin: 0,
  padding: 0,
  display: "grid",
  gap: vars.space.md,
});
export const past = style({
  paddingBottom: vars.space.sm,
  borderBottom: `1px solid ${vars.color.border}`,
});
export const pastName = style({ fontWeight: 700 });
export const winners = style({
  listStyle: "none",
  margin: `${vars.space.xs} 0 0`,
  padding: 0,
  display: "flex",
  flexWrap: "wrap",
  gap: `${vars.space.xs} ${vars.space.md}`,
  fontSize: vars.fontSize.sm,
});
export const rank = style({ fontWeight: 700, color: vars.color.success });
export const links = style({ display: "flex", gap: vars.space.md, flexWrap: "wrap" });
export const people = style({
  margin: 0,
  paddingLeft: vars.space.lg,
  display: "grid",
  gap: vars.space.xs,
});
export const followingList = style({
  listStyle: "none",
  margin: 0,
  padding: 0,
  display: "grid",
  gap: vars.space.sm,
});
export const followingRow = style([
  panelCard,
  { display: "flex", alignItems: "center", gap: vars.space.md, flexWrap: "wrap" },
]);
const smallLogoBase = style({
  width: "48px",
  height: "48px",
  flexShrink: 0,
  borderRadius: vars.radius.md,
  objectFit: "cover",
  background: vars.color.brandSoft,
  color: vars.color.brand,
  display: "grid",
  placeItems: "center",
  fontWeight: 700,
});
export const smallLogo = smallLogoBase;
export const followingText = style({ display: "grid", flex: "1 1 200px", minWidth: 0 });
export const followingName = style({ fontWeight: 700, overflowWrap: "anywhere" });
export const matches = style({ marginBottom: vars.space.md });
export const matchList = style({
  listStyle: "none",
  margin: 0,
  padding: 0,
  display: "grid",
  gridTemplateColumns: "repeat(auto-fill, minmax(240px, 1fr))",
  gap: vars.space.sm,
});
export const match = style({
  display: "flex",
  alignItems: "center",
  gap: vars.space.sm,
  padding: vars.space.sm,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  color: vars.color.text,
  textDecoration: "none",
  selectors: { "&:hover": { borderColor: vars.color.brand } },
});
export const matchLogo = style([smallLogoBase, { width: "40px", height: "40px" }]);
export const clash = style({
  display: "grid",
  gap: vars.space.xs,
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.warning}`,
  background: vars.color.warningSoft,
});
export const clashList = style({ margin: 0, paddingLeft: vars.space.lg });
