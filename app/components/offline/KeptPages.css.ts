import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "#app/styles/theme.css";

export const intro = style({ color: vars.color.textMuted, margin: `0 0 ${vars.space.md}` });
export const kept = style({
  listStyle: "none",
  padding: 0,
  margin: `0 0 ${vars.space.lg}`,
  display: "grid",
  gap: vars.space.sm,
});
// The service worker writes the links in (app/service-worker/kept-pages.ts): plain <a>.
globalStyle(`${kept} a`, {
  display: "block",
  padding: `${vars.space.sm} ${vars.space.md}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  color: vars.color.brandStrong,
  fontWeight: 600,
  textDecoration: "none",
  overflowWrap: "anywhere",
});
export const retry = style({ fontWeight: 600, color: vars.color.brand });
