import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "#app/styles/theme.css";

export const card = style({
  display: "grid",
  gridTemplateColumns: "56px 1fr",
  gap: vars.space.md,
  alignItems: "start",
  padding: vars.space.md,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  color: vars.color.text,
  textDecoration: "none",
  height: "100%",
  selectors: {
    "&:hover": { borderColor: vars.color.brand },
    "&[aria-current='true']": {
      borderColor: vars.color.brand,
      boxShadow: `0 0 0 2px ${vars.color.brand}`,
    },
  },
});
export const logo = style({
  width: "56px",
  height: "56px",
  borderRadius: vars.radius.md,
  objectFit: "cover",
  background: vars.color.brandSoft,
});
export const logoPlaceholder = style([
  logo,
  {
    display: "flex",
    alignItems: "center",
    justifyContent: "center",
    color: vars.color.brandStrong,
    fontWeight: 800,
  },
]);
export const body = style({ minWidth: 0, display: "grid", gap: "2px" });
export const name = style({
  margin: 0,
  fontSize: vars.fontSize.md,
  fontWeight: 700,
  overflow: "hidden",
  textOverflow: "ellipsis",
  display: "-webkit-box",
  WebkitLineClamp: 2,
  WebkitBoxOrient: "vertical",
});
export const org = style({
  margin: 0,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  overflow: "hidden",
  textOverflow: "ellipsis",
  whiteSpace: "nowrap",
});
export const meta = style({
  display: "flex",
  flexWrap: "wrap",
  gap: vars.space.xs,
  marginTop: vars.space.xs,
  alignItems: "center",
  fontSize: vars.fontSize.xs,
});
export const tag = style({
  padding: "2px 8px",
  borderRadius: vars.radius.pill,
  background: vars.color.surfaceAlt,
  color: vars.color.text,
  fontWeight: 600,
});
export const prize = style([
  tag,
  { background: vars.color.successSoft, color: vars.color.success },
]);
export const timeLeft = style([
  tag,
  { background: vars.color.brandSoft, color: vars.color.brandStrong },
]);
export const expired = style([
  tag,
  { background: vars.color.dangerSoft, color: vars.color.danger },
]);
export const draft = style([tag, { background: "#fff4d6", color: "#7a5200" }]);

/** A card with the Save toggle in its top corner; the name keeps clear of it. */
export const withSave = style({ position: "relative", height: "100%" });
export const saveCorner = style({
  position: "absolute",
  top: vars.space.sm,
  right: vars.space.sm,
});
globalStyle(`${withSave} > ${card}`, { paddingRight: "60px" });
