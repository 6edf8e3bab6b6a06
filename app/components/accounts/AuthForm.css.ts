import { style } from "@vanilla-extract/css";
import { vars } from "#app/styles/theme.css";

export const form = style({ display: "grid", gap: vars.space.xs });

/** Addresses are case-insensitive; they are shown lowercase as they will be stored. */
export const lowercase = style({ textTransform: "lowercase" });

export const passwordWrap = style({ position: "relative" });
export const passwordInput = style({ paddingRight: "72px" });
export const toggle = style({
  position: "absolute",
  top: "50%",
  right: vars.space.xs,
  transform: "translateY(-50%)",
  minHeight: "36px",
  padding: `0 ${vars.space.sm}`,
  border: 0,
  borderRadius: vars.radius.sm,
  background: "transparent",
  color: vars.color.brand,
  fontWeight: 600,
  fontSize: vars.fontSize.sm,
  cursor: "pointer",
});

export const linksRow = style({
  display: "flex",
  justifyContent: "flex-end",
  marginBottom: vars.space.md,
  fontSize: vars.fontSize.sm,
});
export const note = style({
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  margin: `0 0 ${vars.space.md}`,
});
export const divider = style({
  display: "flex",
  alignItems: "center",
  gap: vars.space.sm,
  margin: `${vars.space.lg} 0 ${vars.space.md}`,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  selectors: {
    "&::before, &::after": { content: '""', flex: 1, borderTop: `1px solid ${vars.color.border}` },
  },
});
export const twoColumns = style({
  display: "grid",
  gap: `0 ${vars.space.md}`,
  "@media": { "(min-width: 480px)": { gridTemplateColumns: "1fr 1fr" } },
});

/** The verification result: a small centred card inside the public layout. */
export const resultCard = style({
  maxWidth: "560px",
  margin: `${vars.space.xxl} auto 0`,
  background: vars.color.surface,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.card,
  padding: vars.space.xl,
  textAlign: "center",
});
