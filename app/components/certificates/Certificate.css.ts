import { style } from "@vanilla-extract/css";
import { recipe } from "@vanilla-extract/recipes";
import { vars } from "#app/styles/theme.css";
import { cardGrid, wrapRow } from "#app/styles/layout.css";
import { card as panelCard } from "#app/styles/recipes.css";

export const page = style({ maxWidth: "720px", margin: `${vars.space.lg} auto` });

export const status = recipe({
  base: {
    display: "flex",
    alignItems: "center",
    gap: vars.space.sm,
    margin: 0,
    padding: `${vars.space.md} ${vars.space.lg}`,
    borderRadius: vars.radius.lg,
    fontSize: vars.fontSize.xl,
    fontWeight: 700,
  },
  variants: {
    valid: {
      true: { background: vars.color.successSoft, color: vars.color.success },
      false: { background: vars.color.dangerSoft, color: vars.color.danger },
    },
  },
});

export const sheet = style({
  marginTop: vars.space.md,
  padding: `${vars.space.xl} ${vars.space.lg}`,
  background: vars.color.surface,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.card,
  border: `2px solid ${vars.color.border}`,
  textAlign: "center",
  display: "grid",
  gap: vars.space.sm,
});
export const kind = style({
  margin: 0,
  textTransform: "uppercase",
  letterSpacing: "0.06em",
  fontSize: vars.fontSize.sm,
  fontWeight: 700,
  color: vars.color.brand,
});
export const name = style({
  margin: 0,
  fontSize: vars.fontSize.hero,
  lineHeight: 1.2,
  overflowWrap: "anywhere",
});
export const muted = style({ margin: 0, color: vars.color.textMuted });
export const event = style({ margin: 0, fontSize: vars.fontSize.xl, fontWeight: 700 });
export const facts = style({
  display: "grid",
  gridTemplateColumns: "max-content 1fr",
  gap: `${vars.space.xs} ${vars.space.md}`,
  margin: `${vars.space.md} 0 0`,
  textAlign: "left",
  fontSize: vars.fontSize.sm,
});
export const term = style({ color: vars.color.textMuted });
export const id = style({ fontFamily: vars.font.mono, overflowWrap: "anywhere", margin: 0 });
export const actions = style({
  display: "flex",
  flexWrap: "wrap",
  gap: vars.space.sm,
  marginTop: vars.space.lg,
  justifyContent: "center",
});

export const list = cardGrid;
export const card = style([
  panelCard,
  {
    display: "grid",
    gap: vars.space.xs,
    alignContent: "start",
    height: "100%",
  },
]);
export const cardTitle = style({ margin: 0, fontSize: vars.fontSize.lg });
export const badge = recipe({
  base: {
    justifySelf: "start",
    padding: `2px ${vars.space.sm}`,
    borderRadius: vars.radius.pill,
    fontSize: vars.fontSize.xs,
    fontWeight: 700,
  },
  variants: {
    tone: {
      merit: { background: vars.color.brandSoft, color: vars.color.brandStrong },
      participation: { background: vars.color.surfaceAlt, color: vars.color.text },
      revoked: { background: vars.color.dangerSoft, color: vars.color.danger },
    },
  },
});
export const cardActions = style({
  display: "flex",
  flexWrap: "wrap",
  gap: vars.space.sm,
  marginTop: vars.space.sm,
});
export const head = style({ margin: `${vars.space.lg} 0 ${vars.space.md}` });
export const empty = style({
  textAlign: "center",
  padding: `${vars.space.xxl} ${vars.space.md}`,
  color: vars.color.textMuted,
});

export const panel = style([
  panelCard,
  {
    margin: `${vars.space.lg} 0`,
  },
]);
export const panelTitle = style({ margin: `0 0 ${vars.space.sm}`, fontSize: vars.fontSize.xl });
export const issue = style({ display: "grid", gap: vars.space.sm });
export const rows = style({
  listStyle: "none",
  margin: `${vars.space.md} 0 0`,
  padding: 0,
  display: "grid",
  gap: vars.space.xs,
});
export const row = style([
  wrapRow,
  {
    padding: `${vars.space.xs} 0`,
    borderTop: `1px solid ${vars.color.border}`,
  },
]);
export const rowName = style({ flex: "1 1 160px", overflowWrap: "anywhere" });
export const rowAction = style({ margin: 0 });
