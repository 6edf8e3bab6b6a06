import { style } from "@vanilla-extract/css";
import { recipe } from "@vanilla-extract/recipes";
import { vars } from "#app/styles/theme.css";
import { rowList } from "#app/styles/layout.css";
import { hint } from "#app/styles/recipes.css";

/** The check-in page: result, progress, the code form, search and the list. */
export const page = style({
  display: "grid",
  gap: vars.space.md,
  maxWidth: "40rem",
  margin: "0 auto",
});
export const title = style({ margin: 0, fontSize: vars.fontSize.xl });
export const progress = style({ margin: 0, fontSize: vars.fontSize.lg, fontWeight: 700 });
export const row = style({ display: "flex", gap: vars.space.sm, alignItems: "flex-end" });
export const grow = style({ flex: 1, minWidth: 0 });

/** A scan's result: green, amber or red; with JavaScript it fills the screen until tapped. */
export const result = recipe({
  base: {
    margin: 0,
    padding: vars.space.lg,
    borderRadius: vars.radius.lg,
    fontSize: vars.fontSize.xl,
    fontWeight: 700,
    textAlign: "center",
    border: "none",
    width: "100%",
  },
  variants: {
    tone: {
      good: { background: vars.color.success, color: "#fff" },
      warn: { background: vars.color.warningSoft, color: vars.color.warning },
      bad: { background: vars.color.danger, color: "#fff" },
    },
    full: {
      true: {
        position: "fixed",
        inset: 0,
        zIndex: 50,
        borderRadius: 0,
        display: "grid",
        placeItems: "center",
        fontSize: vars.fontSize.xxl,
        cursor: "pointer",
      },
    },
  },
});

export const list = rowList;
export const person = style({
  display: "flex",
  flexWrap: "wrap",
  justifyContent: "space-between",
  alignItems: "center",
  gap: vars.space.sm,
  padding: vars.space.md,
  background: vars.color.surface,
  borderRadius: vars.radius.md,
  boxShadow: vars.shadow.card,
});
export const who = style({ display: "grid", gap: "2px", minWidth: 0 });
export const muted = hint;
export const done = style({
  color: vars.color.success,
  fontWeight: 700,
  fontSize: vars.fontSize.sm,
});
export const video = style({
  width: "100%",
  maxHeight: "60vh",
  objectFit: "cover",
  borderRadius: vars.radius.lg,
  background: "#000",
});
export const status = style({
  margin: 0,
  padding: vars.space.sm,
  borderRadius: vars.radius.md,
  background: vars.color.warningSoft,
  color: vars.color.warning,
  fontWeight: 700,
});
/** A checked-in row's time and, for the owner and admins, its 'Undo'. */
export const doneRow = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  gap: vars.space.sm,
});
