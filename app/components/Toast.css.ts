import { globalStyle, keyframes, style } from "@vanilla-extract/css";
import { recipe } from "@vanilla-extract/recipes";
import { vars } from "#app/styles/theme.css";

/** 3 s life: the bar shrinks, then the toast goes, even with JavaScript off. */
const shrink = keyframes({ from: { transform: "scaleX(1)" }, to: { transform: "scaleX(0)" } });
const leave = keyframes({ "0%, 99%": { visibility: "visible" }, "100%": { visibility: "hidden" } });

const phone = "screen and (max-width: 767px)";
/**
 * Under the top bar on wider screens; at the bottom on a phone, where the top of the screen is the
 * page's title or the step bar the person needs to read (a toast there covered them).
 */
export const region = style({
  position: "fixed",
  top: "64px",
  right: vars.space.md,
  left: vars.space.md,
  zIndex: 60,
  display: "flex",
  justifyContent: "flex-end",
  pointerEvents: "none",
  "@media": {
    [phone]: {
      top: "auto",
      bottom: `calc(${vars.space.md} + env(safe-area-inset-bottom, 0px))`,
      left: vars.space.sm,
      right: vars.space.sm,
      justifyContent: "center",
    },
  },
});
// A page with a bar of its own at the bottom (the event page's Register): the toast sits above it.
globalStyle(`body:has([data-bottom-bar]) ${region}`, {
  "@media": { [phone]: { bottom: `calc(80px + env(safe-area-inset-bottom, 0px))` } },
});
export const closeToggle = style({ position: "absolute", opacity: 0, pointerEvents: "none" });
export const toast = recipe({
  base: {
    pointerEvents: "auto",
    position: "relative",
    overflow: "hidden",
    display: "flex",
    alignItems: "flex-start",
    gap: vars.space.md,
    maxWidth: "420px",
    width: "100%",
    padding: `${vars.space.md} ${vars.space.md} ${vars.space.lg}`,
    borderRadius: vars.radius.md,
    boxShadow: vars.shadow.panel,
    animation: `${leave} 3000ms linear forwards`,
    selectors: {
      [`${closeToggle}:checked + &`]: { display: "none" },
      "&:hover, &:focus-within": { animationPlayState: "paused" },
    },
  },
  variants: {
    type: {
      success: {
        background: vars.color.successSoft,
        color: vars.color.success,
        border: `1px solid ${vars.color.success}`,
      },
      error: { background: vars.color.danger, color: vars.color.onBrand },
    },
  },
});
export const message = style({ flex: 1, margin: 0, fontWeight: 600 });
export const close = style({
  cursor: "pointer",
  fontWeight: 700,
  padding: `0 ${vars.space.xs}`,
  lineHeight: 1,
});
export const progress = style({
  position: "absolute",
  left: 0,
  right: 0,
  bottom: 0,
  height: "4px",
  background: "currentColor",
  opacity: 0.6,
  transformOrigin: "left",
  animation: `${shrink} 3000ms linear forwards`,
  selectors: {
    [`${toast.classNames.base}:hover &, ${toast.classNames.base}:focus-within &`]: {
      animationPlayState: "paused",
    },
  },
});
