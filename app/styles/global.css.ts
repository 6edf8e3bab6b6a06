import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "./theme.css";

globalStyle("*, *::before, *::after", { boxSizing: "border-box" });
globalStyle("html", { WebkitTextSizeAdjust: "100%" });
globalStyle("body", {
  margin: 0,
  fontFamily: vars.font.body,
  fontSize: vars.fontSize.md,
  lineHeight: 1.5,
  color: vars.color.text,
  background: vars.color.background,
  minWidth: "320px",
});
globalStyle("h1, h2, h3, h4", {
  fontFamily: vars.font.heading,
  lineHeight: 1.25,
  margin: `0 0 ${vars.space.sm}`,
});
globalStyle("a", { color: vars.color.brand });
globalStyle("img", { maxWidth: "100%", height: "auto" });
globalStyle(":focus-visible", { outline: `3px solid ${vars.color.focus}`, outlineOffset: "2px" });
globalStyle("button, input, select, textarea", { font: "inherit", color: "inherit" });
globalStyle("*", {
  "@media": {
    "(prefers-reduced-motion: reduce)": {
      animationDuration: "0.01ms !important",
      transitionDuration: "0.01ms !important",
    },
  },
});

export const visuallyHidden = style({
  position: "absolute",
  width: "1px",
  height: "1px",
  padding: 0,
  margin: "-1px",
  overflow: "hidden",
  clip: "rect(0, 0, 0, 0)",
  whiteSpace: "nowrap",
  border: 0,
});

export const container = style({
  maxWidth: vars.layout.maxWidth,
  margin: "0 auto",
  padding: `0 ${vars.space.md}`,
});

export const pageMain = style({ minHeight: "60vh", paddingBottom: vars.space.xxl });

export const skipLink = style([
  visuallyHidden,
  {
    selectors: {
      "&:focus": {
        position: "fixed",
        top: vars.space.sm,
        left: vars.space.sm,
        width: "auto",
        height: "auto",
        clip: "auto",
        margin: 0,
        padding: vars.space.sm,
        zIndex: 200,
        background: vars.color.surface,
      },
    },
  },
]);
