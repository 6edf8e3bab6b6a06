import { style } from "@vanilla-extract/css";
import { recipe, type RecipeVariants } from "@vanilla-extract/recipes";
import { vars } from "./theme.css";

export const button = recipe({
  base: {
    display: "inline-flex",
    alignItems: "center",
    justifyContent: "center",
    gap: vars.space.sm,
    minHeight: "44px",
    padding: `0 ${vars.space.lg}`,
    border: "1px solid transparent",
    borderRadius: vars.radius.md,
    fontWeight: 600,
    fontSize: vars.fontSize.md,
    textAlign: "center",
    textDecoration: "none",
    cursor: "pointer",
    selectors: { "&:disabled, &[aria-disabled='true']": { opacity: 0.6, cursor: "not-allowed" } },
  },
  variants: {
    tone: {
      primary: {
        background: vars.color.brand,
        color: vars.color.onBrand,
        selectors: { "&:hover:not(:disabled)": { background: vars.color.brandStrong } },
      },
      secondary: {
        background: vars.color.surface,
        color: vars.color.brand,
        borderColor: vars.color.brand,
      },
      ghost: { background: "transparent", color: vars.color.text },
      success: { background: vars.color.success, color: vars.color.onBrand },
      danger: { background: vars.color.danger, color: vars.color.onBrand },
    },
    size: {
      md: {},
      sm: { minHeight: "36px", padding: `0 ${vars.space.md}`, fontSize: vars.fontSize.sm },
    },
    block: { true: { width: "100%" } },
  },
  defaultVariants: { tone: "primary", size: "md" },
});
export type ButtonVariants = RecipeVariants<typeof button>;

export const input = recipe({
  base: {
    display: "block",
    width: "100%",
    // Date and time inputs have a wide intrinsic size: let them shrink inside grid cells.
    minWidth: 0,
    minHeight: "44px",
    padding: `${vars.space.sm} ${vars.space.md}`,
    border: `1px solid ${vars.color.border}`,
    borderRadius: vars.radius.md,
    background: vars.color.surface,
    selectors: {
      "&[aria-invalid='true']": { borderColor: vars.color.danger },
      "&:disabled": { background: vars.color.surfaceAlt, color: vars.color.textMuted },
    },
  },
  variants: {
    multiline: { true: { minHeight: "140px", resize: "vertical" } },
  },
});

export const field = style({ display: "grid", gap: vars.space.xs, marginBottom: vars.space.md });
export const label = style({ fontWeight: 600, fontSize: vars.fontSize.sm });
export const fieldError = style({
  color: vars.color.danger,
  fontSize: vars.fontSize.sm,
  minHeight: "1em",
  margin: 0,
});
export const hint = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm, margin: 0 });
/** Small grey words beside others: a time, a figure's label, a note by a control. */
export const mutedText = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });
/** A red note in a box: a form's refusal, a confirmation's warning. */
export const dangerNote = style({
  margin: 0,
  padding: vars.space.sm,
  borderRadius: vars.radius.md,
  background: vars.color.dangerSoft,
  color: vars.color.danger,
});

export const card = style({
  background: vars.color.surface,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.card,
  padding: vars.space.lg,
});
