import { style } from "@vanilla-extract/css";
import { recipe } from "@vanilla-extract/recipes";
import { vars } from "#app/styles/theme.css";

export const form = style({
  display: "inline-flex",
  margin: 0,
  // Without JavaScript the action sends the browser back to #save-{n}: below the sticky top bar,
  // with room for a card's logo above its toggle, so the pressed toggle is in sight.
  scrollMarginTop: `calc(${vars.layout.topBar} + 96px)`,
});

/** The Save toggle: a round icon button on cards, a labelled button on the event page. */
export const toggle = recipe({
  base: {
    display: "inline-flex",
    alignItems: "center",
    justifyContent: "center",
    gap: vars.space.xs,
    minHeight: "44px",
    minWidth: "44px",
    border: `1px solid ${vars.color.border}`,
    borderRadius: vars.radius.pill,
    background: vars.color.surface,
    color: vars.color.textMuted,
    fontWeight: 600,
    fontSize: vars.fontSize.sm,
    cursor: "pointer",
    selectors: {
      "&:hover": { borderColor: vars.color.brand, color: vars.color.brand },
      "&[aria-pressed='true']": {
        color: vars.color.brandStrong,
        borderColor: vars.color.brand,
        background: vars.color.brandSoft,
      },
    },
  },
  variants: {
    size: {
      icon: { padding: 0 },
      label: { padding: `0 ${vars.space.md}` },
    },
  },
  defaultVariants: { size: "label" },
});

export const icon = style({ width: "20px", height: "20px", flexShrink: 0 });
