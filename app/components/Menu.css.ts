import { keyframes, style } from "@vanilla-extract/css";
import { vars } from "#app/styles/theme.css";
import { roundIcon } from "./TopBar.css";

const slideIn = keyframes({
  from: { transform: "translateX(100%)" },
  to: { transform: "translateX(0)" },
});

export const details = style({});
export const summary = style([
  roundIcon,
  {
    listStyle: "none",
    position: "relative",
    selectors: {
      "&::-webkit-details-marker": { display: "none" },
      "details[open] > &": { position: "fixed", top: "8px", right: "12px", zIndex: 50 },
    },
  },
]);
export const openIcon = style({ selectors: { "details[open] &": { display: "none" } } });
export const closeIcon = style({
  display: "none",
  selectors: { "details[open] &": { display: "block" } },
});
export const backdrop = style({
  position: "fixed",
  inset: 0,
  background: vars.color.overlay,
  zIndex: 30,
});
export const panel = style({
  position: "fixed",
  top: 0,
  right: 0,
  bottom: 0,
  zIndex: 40,
  width: "min(320px, 86vw)",
  background: vars.color.surface,
  boxShadow: vars.shadow.panel,
  padding: vars.space.lg,
  display: "flex",
  flexDirection: "column",
  gap: vars.space.sm,
  animation: `${slideIn} 200ms ease-out`,
  overflowY: "auto",
});
export const panelHead = style({
  display: "block",
  padding: `${vars.space.sm} 0 ${vars.space.md}`,
  fontSize: vars.fontSize.lg,
});
export const item = style({
  display: "block",
  padding: `${vars.space.md} ${vars.space.sm}`,
  borderRadius: vars.radius.md,
  color: vars.color.text,
  textDecoration: "none",
  fontWeight: 600,
  selectors: { "&:hover": { background: vars.color.brandSoft } },
});
