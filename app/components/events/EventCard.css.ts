import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "#app/styles/theme.css";

const LOGO = "56px";

/**
 * The card is a box, not a link: its event link (the name) stretches over it with `::after`, and
 * the organisation's link sits above that stretch (position and z-index), so a click anywhere
 * opens the event but on the organisation's name, and no link holds another (SPEC-4 §4).
 */
export const card = style({
  position: "relative",
  display: "grid",
  gridTemplateColumns: `${LOGO} 1fr`,
  gap: vars.space.md,
  alignItems: "start",
  padding: vars.space.md,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  color: vars.color.text,
  height: "100%",
  selectors: {
    "&:hover": { borderColor: vars.color.brand },
  },
});
export const selected = style({
  borderColor: vars.color.brand,
  boxShadow: `0 0 0 2px ${vars.color.brand}`,
});
export const eventLink = style({
  color: "inherit",
  textDecoration: "none",
  selectors: {
    "&::after": {
      content: '""',
      position: "absolute",
      inset: 0,
      borderRadius: vars.radius.lg,
    },
    // The focus ring goes round the whole card, which is what the link opens.
    "&:focus-visible": { outline: "none" },
    "&:focus-visible::after": {
      outline: `3px solid ${vars.color.focus}`,
      outlineOffset: "2px",
    },
  },
});
export const logo = style({
  width: LOGO,
  height: LOGO,
  borderRadius: vars.radius.md,
  objectFit: "cover",
  background: vars.color.brandSoft,
});
export const logoPlaceholder = style([
  logo,
  {
    display: "flex",
    alignItems: "center",
    justifyContent: "center",
    color: vars.color.brandStrong,
    fontWeight: 800,
  },
]);
export const body = style({ minWidth: 0, display: "grid", gap: "2px" });
export const name = style({
  margin: 0,
  fontSize: vars.fontSize.md,
  fontWeight: 700,
  overflow: "hidden",
  textOverflow: "ellipsis",
  display: "-webkit-box",
  // Three lines: a long word ("Visualisation") or a long name fits whole on a desktop card.
  WebkitLineClamp: 3,
  WebkitBoxOrient: "vertical",
});
/** Room inside the clip of a long name for the organisation link's focus ring (3 px + 2 px). */
const RING = "5px";
export const org = style({
  margin: `-${RING}`,
  padding: RING,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  overflow: "hidden",
  textOverflow: "ellipsis",
  whiteSpace: "nowrap",
});
/** Above the event link's stretch: a click on the organisation's name opens its page. */
export const orgLink = style({
  position: "relative",
  zIndex: 1,
  // A long name is cut with an ellipsis, the verified mark after it stays.
  display: "inline-flex",
  maxWidth: "100%",
  verticalAlign: "top",
  color: "inherit",
  textDecoration: "none",
  selectors: {
    "&:hover": { color: vars.color.brandStrong },
  },
});
/** The name is underlined as a link; the mark after it is not. */
export const orgName = style({
  textDecorationLine: "underline",
  textDecorationThickness: "1px",
  textUnderlineOffset: "2px",
  minWidth: 0,
  overflow: "hidden",
  textOverflow: "ellipsis",
  whiteSpace: "nowrap",
});
export const verified = style({
  flexShrink: 0,
  whiteSpace: "pre",
  color: vars.color.success,
  fontWeight: 700,
});
export const meta = style({
  display: "flex",
  flexWrap: "wrap",
  gap: vars.space.xs,
  marginTop: vars.space.xs,
  alignItems: "center",
  fontSize: vars.fontSize.xs,
});
export const tag = style({
  padding: "2px 8px",
  borderRadius: vars.radius.pill,
  background: vars.color.surfaceAlt,
  color: vars.color.text,
  fontWeight: 600,
});
export const prize = style([
  tag,
  { background: vars.color.successSoft, color: vars.color.success },
]);
export const timeLeft = style([
  tag,
  { background: vars.color.brandSoft, color: vars.color.brandStrong },
]);
export const expired = style([
  tag,
  { background: vars.color.dangerSoft, color: vars.color.danger },
]);
export const draft = style([tag, { background: "#fff4d6", color: "#7a5200" }]);
export const published = style([
  tag,
  { background: vars.color.successSoft, color: vars.color.success },
]);

/**
 * A card with the Save toggle under the logo, in the logo's column, which is empty below it: the
 * name, organisation and tags keep the card's whole width (a toggle in the top corner took a
 * column of its own and cut names short beside empty space).
 */
const TOGGLE = "44px";
export const withSave = style({ position: "relative", height: "100%" });
export const saveCorner = style({
  position: "absolute",
  top: `calc(${vars.space.md} + ${LOGO} + ${vars.space.sm})`,
  left: `calc(${vars.space.md} + (${LOGO} - ${TOGGLE}) / 2)`,
});
globalStyle(`${withSave} > ${card}`, {
  minHeight: `calc(2 * ${vars.space.md} + ${LOGO} + ${vars.space.sm} + ${TOGGLE})`,
});
