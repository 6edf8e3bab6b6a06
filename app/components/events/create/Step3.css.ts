import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "#app/styles/theme.css";

export const top = style({
  display: "flex",
  flexWrap: "wrap",
  gap: vars.space.md,
  alignItems: "center",
  justifyContent: "space-between",
});
export const layout = style({
  display: "grid",
  gap: vars.space.lg,
  gridTemplateColumns: "minmax(0, 5fr) minmax(0, 6fr)",
  alignItems: "start",
  "@media": {
    "screen and (max-width: 900px)": {
      gridTemplateColumns: "minmax(0, 1fr)",
    },
  },
});
export const toggle = style({
  display: "none",
  gap: vars.space.xs,
  padding: vars.space.xs,
  background: vars.color.surfaceAlt,
  borderRadius: vars.radius.pill,
  "@media": { "screen and (max-width: 900px)": { display: "inline-flex" } },
});
export const toggleLink = style({
  padding: `${vars.space.sm} ${vars.space.lg}`,
  borderRadius: vars.radius.pill,
  textDecoration: "none",
  color: vars.color.text,
  fontWeight: 600,
  selectors: {
    "&[aria-current='page']": { background: vars.color.brand, color: vars.color.onBrand },
  },
});
export const sidebar = style({ display: "grid", gap: vars.space.md });
export const sidebarTitle = style({ fontSize: vars.fontSize.xl, margin: 0 });
export const summary = style({
  display: "grid",
  gridTemplateColumns: "1fr auto",
  gap: vars.space.sm,
  alignItems: "center",
  background: vars.color.surface,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.card,
  padding: vars.space.md,
});
export const summaryTitle = style({ fontSize: vars.fontSize.md, margin: 0 });
export const summaryText = style({
  gridColumn: "1 / -1",
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  margin: 0,
});
export const panel = style({
  background: vars.color.surface,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.panel,
  padding: vars.space.lg,
  display: "grid",
  gap: vars.space.xs,
  "@media": { "screen and (max-width: 480px)": { padding: vars.space.md } },
});
export const panelHeader = style({
  display: "flex",
  justifyContent: "space-between",
  alignItems: "center",
  gap: vars.space.md,
  marginBottom: vars.space.md,
});
export const panelTitle = style({ fontSize: vars.fontSize.xl, margin: 0 });
export const preview = style({
  border: `2px dashed ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  padding: vars.space.md,
  background: vars.color.background,
  position: "sticky",
  top: vars.space.md,
});
export const previewLabel = style({
  margin: `0 0 ${vars.space.sm}`,
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
  fontWeight: 600,
});
export const publishForm = style({ display: "flex", gap: vars.space.md, alignItems: "center" });

// Small screens show one column at a time: the Edit/Preview toggle is a link, so it works without JavaScript.
globalStyle(`${layout}[data-view='preview'] > [data-col='edit']`, {
  "@media": { "screen and (max-width: 900px)": { display: "none" } },
});
globalStyle(`${layout}[data-view='edit'] > [data-col='preview']`, {
  "@media": { "screen and (max-width: 900px)": { display: "none" } },
});
