import { keyframes, style } from "@vanilla-extract/css";
import { vars } from "#app/styles/theme.css";

const blink = keyframes({ "50%": { opacity: 0 } });

export const greeting = style({
  fontSize: vars.fontSize.hero,
  fontWeight: 800,
  margin: 0,
  minHeight: "1.3em",
});
export const name = style({ color: vars.color.brand });
export const caret = style({
  display: "inline-block",
  width: "3px",
  height: "1em",
  marginLeft: "2px",
  verticalAlign: "-0.1em",
  background: vars.color.brand,
  animation: `${blink} 1s step-end infinite`,
});
