import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "#app/styles/theme.css";
import { card } from "#app/styles/recipes.css";

export const page = style({ display: "grid", gap: vars.space.lg, paddingTop: vars.space.lg });
export const heading = style({ fontSize: vars.fontSize.xxl, margin: 0 });
export const subheading = style({ color: vars.color.textMuted, margin: 0 });

export const steps = style({
  display: "flex",
  gap: vars.space.sm,
  listStyle: "none",
  padding: 0,
  margin: 0,
  flexWrap: "wrap",
});
export const stepItem = style({
  padding: `${vars.space.xs} ${vars.space.md}`,
  borderRadius: vars.radius.pill,
  background: vars.color.surfaceAlt,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  fontWeight: 600,
  selectors: {
    "&[aria-current='step']": { background: vars.color.brand, color: vars.color.onBrand },
  },
});

export const formCard = style([
  card,
  {
    display: "grid",
    gap: vars.space.xs,
    maxWidth: "760px",
    width: "100%",
  },
]);
export const grid2 = style({
  display: "grid",
  gap: `0 ${vars.space.md}`,
  // Wide enough for a date and time input in full; narrower columns stack.
  gridTemplateColumns: "repeat(auto-fit, minmax(min(100%, 16.5rem), 1fr))",
});
export const fieldset = style({
  border: "none",
  padding: 0,
  margin: `0 0 ${vars.space.md}`,
  display: "grid",
  gap: vars.space.xs,
});
export const legend = style({
  fontWeight: 600,
  fontSize: vars.fontSize.sm,
  padding: 0,
  marginBottom: vars.space.xs,
});
export const choices = style({ display: "flex", gap: vars.space.md, flexWrap: "wrap" });
export const choice = style({
  display: "inline-flex",
  alignItems: "center",
  gap: vars.space.sm,
  minHeight: "44px",
  padding: `0 ${vars.space.md}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  cursor: "pointer",
  selectors: {
    "&:has(input:checked)": { borderColor: vars.color.brand, background: vars.color.brandSoft },
  },
});

/**
 * Reveals without JavaScript: the venue fields show once Offline is checked, the team sizes once
 * team is. A browser without :has() ignores these rules and simply shows the fields.
 */
export const revealForm = style({});
export const offlineOnly = style({});
export const teamOnly = style({});
globalStyle(`${revealForm}:has(input[name="modeOfEvent"][value="Online"]:checked) ${offlineOnly}`, {
  display: "none",
});
globalStyle(`${revealForm}:not(:has(input[name="modeOfEvent"]:checked)) ${offlineOnly}`, {
  display: "none",
});
globalStyle(
  `${revealForm}:has(input[name="participationType"][value="individual"]:checked) ${teamOnly}`,
  { display: "none" },
);
globalStyle(`${revealForm}:not(:has(input[name="participationType"]:checked)) ${teamOnly}`, {
  display: "none",
});

export const rows = style({ display: "grid", gap: vars.space.md, margin: `0 0 ${vars.space.md}` });
export const row = style({
  display: "grid",
  gap: `0 ${vars.space.md}`,
  // Columns wide enough for a date and time input in full (a title and a date share a line on
  // a desktop only when both fit); on a phone the row gives its padding to the inputs.
  gridTemplateColumns: "repeat(auto-fit, minmax(min(100%, 16.5rem), 1fr))",
  alignItems: "start",
  padding: vars.space.md,
  "@media": { "screen and (max-width: 480px)": { padding: vars.space.sm } },
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.background,
});
export const rowHeader = style({
  gridColumn: "1 / -1",
  display: "flex",
  justifyContent: "space-between",
  alignItems: "center",
  marginBottom: vars.space.sm,
});
export const rowTitle = style({ fontWeight: 600, margin: 0 });
export const wide = style({ gridColumn: "1 / -1" });

export const actions = style({
  display: "flex",
  gap: vars.space.md,
  flexWrap: "wrap",
  alignItems: "center",
  justifyContent: "space-between",
  marginTop: vars.space.md,
});
export const current = style({
  display: "flex",
  alignItems: "center",
  gap: vars.space.md,
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
});
export const thumb = style({
  width: "64px",
  height: "64px",
  objectFit: "cover",
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
});
export const bannerThumb = style({
  width: "100%",
  maxWidth: "480px",
  aspectRatio: "8 / 3",
  objectFit: "cover",
  borderRadius: vars.radius.md,
});
export const fileInput = style({
  display: "block",
  width: "100%",
  padding: vars.space.sm,
  border: `1px dashed ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
});
export const noJsOnly = style({});
/** Step 1's no-JavaScript "Load About for this type": its explanation above the button. */
export const noJsUpdate = style({ display: "grid", gap: vars.space.sm, justifyItems: "start" });
globalStyle(`[data-hydrated] ${noJsOnly}`, { display: "none" });
// Date-time inputs have a wide intrinsic size: let grid cells shrink them instead of overflowing.
globalStyle(`${row} > *, ${grid2} > *`, { minWidth: 0 });
globalStyle(`${row} input, ${grid2} input`, { minWidth: 0, maxWidth: "100%" });

/** The About field's heading: it only carries the label (its own look), so the template's h3s follow an h2. */
export const aboutHeading = style({ margin: 0, font: "inherit", fontSize: vars.fontSize.sm });
