import { style } from "@vanilla-extract/css";
import { card } from "#app/styles/recipes.css";
import { vars } from "#app/styles/theme.css";

/** The payment page: one card, the amount and QR first, the claim form below. */
export const page = style([
  card,
  {
    maxWidth: "30rem",
    margin: `${vars.space.md} auto 0`,
    display: "grid",
    gap: vars.space.md,
  },
]);
export const title = style({ margin: 0, fontSize: vars.fontSize.xl });
export const amount = style({
  margin: 0,
  fontSize: vars.fontSize.xxl,
  fontWeight: 700,
  textAlign: "center",
});
export const deadline = style({ margin: 0, textAlign: "center", color: vars.color.textMuted });
export const qr = style({
  width: "100%",
  maxWidth: "16rem",
  height: "auto",
  margin: "0 auto",
  background: "#fff",
  shapeRendering: "crispEdges",
});
export const row = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  gap: vars.space.sm,
});
export const mono = style({
  fontFamily: vars.font.mono,
  userSelect: "all",
  wordBreak: "break-all",
});
export const status = style({
  margin: 0,
  padding: vars.space.sm,
  borderRadius: vars.radius.md,
  background: vars.color.successSoft,
  color: vars.color.success,
  fontWeight: 700,
});
export const note = style({ margin: 0, color: vars.color.textMuted });
export const cancel = style({
  display: "grid",
  gap: vars.space.sm,
  paddingTop: vars.space.md,
  borderTop: `1px solid ${vars.color.border}`,
});
export const subtitle = style({ margin: 0, fontSize: vars.fontSize.lg });
