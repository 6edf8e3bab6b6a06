import { style } from "@vanilla-extract/css";
import { vars } from "#app/styles/theme.css";

export const bar = style({
  position: "sticky",
  top: 0,
  zIndex: 20,
  background: vars.color.surface,
  borderBottom: `1px solid ${vars.color.border}`,
});
export const inner = style({
  display: "flex",
  alignItems: "center",
  gap: vars.space.md,
  height: vars.layout.topBar,
});
export const brand = style({
  fontWeight: 800,
  fontSize: vars.fontSize.xl,
  color: vars.color.brand,
  textDecoration: "none",
  marginRight: "auto",
});
export const search = style({
  display: "none",
  alignItems: "center",
  gap: vars.space.xs,
  flex: "0 1 360px",
  "@media": { "(min-width: 768px)": { display: "flex" } },
});
export const searchInput = style({
  flex: 1,
  minHeight: "38px",
  padding: `0 ${vars.space.md}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.pill,
  background: vars.color.surfaceAlt,
});
/** A round 40 px control of the top bar, its icon centred: search, home, profile, the menu. */
export const roundIcon = style({
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  width: "40px",
  height: "40px",
  borderRadius: vars.radius.pill,
  cursor: "pointer",
});
export const iconLink = style([
  roundIcon,
  { color: vars.color.text, background: "transparent", border: 0 },
]);
export const avatar = style({
  width: "34px",
  height: "34px",
  borderRadius: vars.radius.pill,
  objectFit: "cover",
  border: `2px solid ${vars.color.brandSoft}`,
});
