import { style } from "@vanilla-extract/css";
import { vars } from "#app/styles/theme.css";

export const page = style({
  minHeight: "100vh",
  display: "grid",
  placeItems: "center",
  padding: vars.space.md,
  background: `linear-gradient(160deg, ${vars.color.brandSoft}, ${vars.color.background})`,
});
export const panel = style({
  width: "100%",
  maxWidth: "440px",
  background: vars.color.surface,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.card,
  padding: vars.space.xl,
});
export const brand = style({
  fontWeight: 800,
  color: vars.color.brand,
  textDecoration: "none",
  fontSize: vars.fontSize.xl,
});
export const title = style({
  fontSize: vars.fontSize.xxl,
  margin: `${vars.space.md} 0 ${vars.space.lg}`,
});
export const footerText = style({
  marginTop: vars.space.lg,
  textAlign: "center",
  color: vars.color.textMuted,
});
