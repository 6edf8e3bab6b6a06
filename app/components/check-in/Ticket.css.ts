import { globalStyle, style } from "@vanilla-extract/css";
import { card } from "#app/styles/recipes.css";
import { vars } from "#app/styles/theme.css";

/** The ticket page: one card, the QR as large as the screen allows; printed alone. */
export const ticket = style([
  card,
  {
    maxWidth: "28rem",
    margin: `${vars.space.md} auto 0`,
    display: "grid",
    gap: vars.space.md,
    textAlign: "center",
    "@media": { print: { boxShadow: "none", maxWidth: "none" } },
  },
]);
export const qr = style({
  width: "100%",
  maxWidth: "20rem",
  height: "auto",
  margin: "0 auto",
  background: "#fff",
  shapeRendering: "crispEdges",
});
export const shortCode = style({
  margin: 0,
  fontFamily: vars.font.mono,
  fontSize: vars.fontSize.xxl,
  letterSpacing: "0.15em",
  fontWeight: 700,
});
export const name = style({ margin: 0, fontSize: vars.fontSize.xl });
export const facts = style({
  margin: 0,
  display: "grid",
  gap: vars.space.xs,
  color: vars.color.textMuted,
});
globalStyle(`${facts} dd`, { margin: 0 });
export const checked = style({
  margin: 0,
  padding: vars.space.sm,
  borderRadius: vars.radius.md,
  background: vars.color.successSoft,
  color: vars.color.success,
  fontWeight: 700,
});
export const noPrint = style({ "@media": { print: { display: "none" } } });

// Printed, the ticket is the page: the top bar, menu and footer stay on screen only.
globalStyle(`body:has(${ticket}) header, body:has(${ticket}) footer`, {
  "@media": { print: { display: "none" } },
});
