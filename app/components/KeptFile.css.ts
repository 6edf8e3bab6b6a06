import { style } from "@vanilla-extract/css";
import { vars } from "#app/styles/theme.css";

export const kept = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  gap: vars.space.sm,
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderRadius: vars.radius.md,
  background: vars.color.successSoft,
  fontSize: vars.fontSize.sm,
  color: vars.color.text,
});

export const name = style({ overflowWrap: "anywhere", minWidth: 0, fontWeight: 600 });

export const remove = style({
  display: "inline-flex",
  alignItems: "center",
  gap: vars.space.xs,
  marginLeft: "auto",
  color: vars.color.textMuted,
  cursor: "pointer",
});
