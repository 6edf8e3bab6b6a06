import { style } from "@vanilla-extract/css";
import { vars } from "#app/styles/theme.css";
import { cardColumn } from "#app/styles/layout.css";
import { card as panelCard } from "#app/styles/recipes.css";

export const page = cardColumn;

export const hero = style([
  panelCard,
  {
    display: "grid",
    gap: vars.space.md,
    justifyItems: "center",
    textAlign: "center",
    borderTop: `6px solid ${vars.color.brand}`,
  },
]);
export const avatar = style({
  width: "88px",
  height: "88px",
  borderRadius: vars.radius.pill,
  objectFit: "cover",
  background: vars.color.brandSoft,
  color: vars.color.brand,
  display: "grid",
  placeItems: "center",
  fontSize: vars.fontSize.xxl,
  fontWeight: 700,
});
export const name = style({
  margin: 0,
  fontSize: vars.fontSize.hero,
  lineHeight: 1.15,
  overflowWrap: "anywhere",
});
export const handle = style({ margin: 0, color: vars.color.brand, fontWeight: 600 });
export const meta = style({ margin: 0, color: vars.color.textMuted });

export const stats = style({
  listStyle: "none",
  margin: 0,
  padding: 0,
  width: "100%",
  display: "grid",
  gridTemplateColumns: "repeat(2, minmax(0, 1fr))",
  gap: vars.space.sm,
  "@media": { "(min-width: 640px)": { gridTemplateColumns: "repeat(4, minmax(0, 1fr))" } },
});
export const stat = style({
  display: "grid",
  padding: vars.space.sm,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceAlt,
});
export const statValue = style({ fontSize: vars.fontSize.xl, fontWeight: 700 });
export const statLabel = style({ fontSize: vars.fontSize.sm, color: vars.color.textMuted });

export const share = style({
  display: "grid",
  gap: vars.space.xs,
  width: "100%",
  maxWidth: "440px",
});
export const shareUrl = style({ fontFamily: vars.font.mono, fontSize: vars.fontSize.sm });
export const shareLabel = style({ fontSize: vars.fontSize.sm, color: vars.color.textMuted });

export const section = style([panelCard, { display: "grid", gap: vars.space.sm }]);
export const sectionTitle = style({ margin: 0, fontSize: vars.fontSize.lg });
export const list = style({
  listStyle: "none",
  margin: 0,
  padding: 0,
  display: "grid",
  gap: vars.space.sm,
});
export const row = style({
  display: "grid",
  gridTemplateColumns: "minmax(0, 1fr) auto",
  alignItems: "center",
  gap: vars.space.sm,
  paddingBottom: vars.space.sm,
  borderBottom: `1px solid ${vars.color.border}`,
  selectors: { "&:last-child": { borderBottom: "none", paddingBottom: 0 } },
});
export const rowMain = style({ display: "grid", gap: "2px", minWidth: 0 });
export const rowTitle = style({ fontWeight: 600, overflowWrap: "anywhere" });
export const rowSub = style({ fontSize: vars.fontSize.sm, color: vars.color.textMuted });
export const badge = style({
  padding: `2px ${vars.space.sm}`,
  borderRadius: vars.radius.pill,
  fontSize: vars.fontSize.xs,
  fontWeight: 700,
  whiteSpace: "nowrap",
  background: vars.color.brandSoft,
  color: vars.color.brandStrong,
});
export const win = style([
  badge,
  { background: vars.color.warningSoft, color: vars.color.warning },
]);
export const empty = style({ margin: 0, color: vars.color.textMuted });
