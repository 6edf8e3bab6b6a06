import { style } from "@vanilla-extract/css";
import { vars } from "#app/styles/theme.css";
import { wrapRow } from "#app/styles/layout.css";

/** The page and its card, as the profile's. */
export { actions, card, page } from "#app/components/accounts/Profile.css";
export const lead = style({ color: vars.color.textMuted, margin: `0 0 ${vars.space.md}` });
export const links = style({ display: "grid", gap: vars.space.sm });
export const current = style([
  wrapRow,
  {
    margin: `${vars.space.xs} 0`,
  },
]);
