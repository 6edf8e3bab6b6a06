import { style } from "@vanilla-extract/css";
import { vars } from "#app/styles/theme.css";
import { wrapRow } from "#app/styles/layout.css";
import { mutedText } from "#app/styles/recipes.css";

export const switchRow = style({
  display: "flex",
  alignItems: "flex-start",
  gap: vars.space.sm,
  padding: vars.space.md,
  margin: `${vars.space.sm} 0`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  cursor: "pointer",
});
export const checkbox = style({
  width: "22px",
  height: "22px",
  flexShrink: 0,
  marginTop: "2px",
  accentColor: vars.color.brand,
});
export const switchText = style({ display: "grid", gap: "2px" });
export const hint = mutedText;

export const feed = style({
  marginTop: vars.space.lg,
  display: "grid",
  gap: vars.space.sm,
});
export const feedTitle = style({ margin: 0, fontSize: vars.fontSize.lg });
export const feedRow = wrapRow;
export const feedUrl = style({ flex: "1 1 260px", fontFamily: vars.font.mono });
