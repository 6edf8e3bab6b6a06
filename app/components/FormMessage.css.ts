import { style, styleVariants } from "@vanilla-extract/css";
import { vars } from "#app/styles/theme.css";

const base = style({
  margin: `0 0 ${vars.space.md}`,
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.md,
  fontSize: vars.fontSize.sm,
  fontWeight: 600,
});

export const message = styleVariants({
  success: [base, { background: vars.color.successSoft, color: vars.color.success }],
  error: [base, { background: vars.color.dangerSoft, color: vars.color.danger }],
});
