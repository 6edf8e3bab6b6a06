import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "#app/styles/theme.css";

export const phone = style({ display: "flex", alignItems: "stretch" });
export const phonePrefix = style({
  display: "inline-flex",
  alignItems: "center",
  padding: `0 ${vars.space.sm}`,
  border: `1px solid ${vars.color.border}`,
  borderRight: "none",
  borderRadius: `${vars.radius.md} 0 0 ${vars.radius.md}`,
  background: vars.color.surfaceAlt,
  color: vars.color.textMuted,
});
globalStyle(`${phone} input`, { borderTopLeftRadius: 0, borderBottomLeftRadius: 0 });
