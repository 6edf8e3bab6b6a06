import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "#app/styles/theme.css";

export const shell = style({
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
});
export const toolbar = style({
  display: "flex",
  flexWrap: "wrap",
  gap: vars.space.xs,
  padding: vars.space.xs,
  borderBottom: `1px solid ${vars.color.border}`,
  background: vars.color.surfaceAlt,
  borderRadius: `${vars.radius.md} ${vars.radius.md} 0 0`,
});
export const tool = style({
  minWidth: "36px",
  minHeight: "36px",
  padding: `0 ${vars.space.sm}`,
  border: `1px solid transparent`,
  borderRadius: vars.radius.sm,
  background: "transparent",
  fontWeight: 600,
  cursor: "pointer",
  selectors: { "&:hover": { borderColor: vars.color.border, background: vars.color.surface } },
});
export const editable = style({ minHeight: "180px", padding: vars.space.md, outline: "none" });
export const bold = style({ fontWeight: 700 });
export const italic = style({ fontStyle: "italic" });
export const underline = style({ textDecoration: "underline" });
globalStyle(`${editable} h1, ${editable} h2, ${editable} h3`, { margin: `${vars.space.sm} 0` });
globalStyle(`${editable} p`, { margin: `0 0 ${vars.space.sm}` });
