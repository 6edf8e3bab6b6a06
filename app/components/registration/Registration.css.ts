import { style } from "@vanilla-extract/css";
import { recipe } from "@vanilla-extract/recipes";
import { vars } from "#app/styles/theme.css";
import { rowListLoose, rowListTight, spreadRow, wrapRow } from "#app/styles/layout.css";
import { card as panelCard, dangerNote } from "#app/styles/recipes.css";

/** The event page's registration block, the team card and the registration pages. */
export const card = style([
  panelCard,
  {
    display: "grid",
    gap: vars.space.md,
  },
]);
export const block = style([
  card,
  { scrollMarginTop: `calc(${vars.layout.topBar} + ${vars.space.md})` },
]);
export const blockHead = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "baseline",
  justifyContent: "space-between",
  gap: vars.space.sm,
});
export const heading = style({ margin: 0, fontSize: vars.fontSize.xl });
export const muted = style({ margin: 0, color: vars.color.textMuted });
export const status = recipe({
  base: { margin: 0, fontWeight: 700, fontSize: vars.fontSize.lg },
  variants: {
    tone: {
      good: { color: vars.color.success },
      bad: { color: vars.color.danger },
      warn: { color: vars.color.warning },
      neutral: { color: vars.color.text },
    },
  },
  defaultVariants: { tone: "neutral" },
});
export const actions = wrapRow;
export const inlineForm = style({ display: "inline" });

/** Phones: the main button stays at the bottom of the screen while the page scrolls. */
export const mobileBar = style({
  display: "none",
  "@media": {
    "screen and (max-width: 767px)": {
      display: "block",
      position: "sticky",
      bottom: 0,
      zIndex: 5,
      margin: `${vars.space.lg} calc(-1 * ${vars.space.md}) 0`,
      padding: `${vars.space.sm} ${vars.space.md}`,
      background: vars.color.surface,
      boxShadow: "0 -2px 10px rgba(20, 16, 60, 0.15)",
    },
  },
});

export const team = style({
  display: "grid",
  gap: vars.space.sm,
  padding: vars.space.md,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceAlt,
});
export const teamHead = spreadRow;
export const teamName = style({ margin: 0, fontSize: vars.fontSize.lg, overflowWrap: "anywhere" });
export const code = style({
  fontFamily: vars.font.mono,
  fontSize: vars.fontSize.lg,
  fontWeight: 700,
  letterSpacing: "0.15em",
  userSelect: "all",
});
export const codeRow = wrapRow;
export const members = rowListTight;
export const member = spreadRow;
export const pill = recipe({
  base: {
    display: "inline-block",
    padding: `2px ${vars.space.sm}`,
    borderRadius: vars.radius.pill,
    fontSize: vars.fontSize.sm,
    fontWeight: 600,
  },
  variants: {
    tone: {
      good: { background: vars.color.successSoft, color: vars.color.success },
      warn: { background: vars.color.dangerSoft, color: vars.color.danger },
      brand: { background: vars.color.brandSoft, color: vars.color.brand },
    },
  },
  defaultVariants: { tone: "brand" },
});

export const page = style({
  display: "grid",
  gap: vars.space.lg,
  maxWidth: "720px",
  margin: "0 auto",
});
export const pageTitle = style({ margin: 0 });
export const formError = dangerNote;
export const list = rowListLoose;
export const grid = style({
  listStyle: "none",
  margin: 0,
  padding: 0,
  display: "grid",
  gap: vars.space.md,
  gridTemplateColumns: "repeat(auto-fill, minmax(min(100%, 300px), 1fr))",
});
export const pitch = style({ margin: 0, overflowWrap: "anywhere", whiteSpace: "pre-line" });
export const backLink = style({ color: vars.color.brand, fontWeight: 600 });

/** The team's invite link, in full: long, so it may break anywhere. */
export const invite = style({ display: "grid", gap: vars.space.xs });
export const inviteUrl = style({
  overflowWrap: "anywhere",
  fontFamily: vars.font.mono,
  fontSize: vars.fontSize.sm,
  userSelect: "all",
});
/** WhatsApp is where students share links on phones: shown on small or touch screens only. */
export const whatsapp = style({
  display: "none",
  "@media": {
    "screen and (max-width: 767px), (pointer: coarse)": { display: "inline-flex" },
  },
});

/** /my/registrations: a line per open submission round (SPEC-3 §2). */
export const roundStates = style({
  listStyle: "none",
  margin: `${vars.space.xs} 0`,
  padding: 0,
  display: "grid",
  gap: vars.space.xs,
});
