import { keyframes, style } from "@vanilla-extract/css";
import { vars } from "#app/styles/theme.css";

const grow = keyframes({ from: { transform: "scaleX(0.05)" }, to: { transform: "scaleX(0.9)" } });
const spin = keyframes({ to: { transform: "rotate(360deg)" } });

export const bar = style({
  position: "fixed",
  top: 0,
  left: 0,
  right: 0,
  height: "3px",
  zIndex: 100,
  background: vars.color.brand,
  transformOrigin: "left",
  animation: `${grow} 4s cubic-bezier(0.1, 0.7, 0.3, 1) forwards`,
});
export const spinner = style({
  position: "fixed",
  top: "10px",
  right: "50%",
  zIndex: 100,
  width: "20px",
  height: "20px",
  borderRadius: "50%",
  border: `3px solid ${vars.color.brandSoft}`,
  borderTopColor: vars.color.brand,
  animation: `${spin} 700ms linear infinite`,
});
