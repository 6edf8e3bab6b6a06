import { style } from "@vanilla-extract/css";
import { vars } from "#app/styles/theme.css";

export const wrap = style({
  display: "flex",
  alignItems: "center",
  gap: vars.space.lg,
  marginBottom: vars.space.lg,
  flexWrap: "wrap",
});
export const avatar = style({
  width: "96px",
  height: "96px",
  borderRadius: "50%",
  objectFit: "cover",
  border: `3px solid ${vars.color.brandSoft}`,
  background: vars.color.surfaceAlt,
  flex: "none",
});
export const picker = style({ flex: "1 1 220px", minWidth: 0 });
export const fileInput = style({ maxWidth: "100%", fontSize: vars.fontSize.sm });
