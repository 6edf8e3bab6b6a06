import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "#app/styles/theme.css";

/** The Coupons section: the create form's fields two abreast on a wide screen, stacked on a phone. */
export const fields = style({
  display: "grid",
  gap: `0 ${vars.space.md}`,
  gridTemplateColumns: "repeat(auto-fit, minmax(min(100%, 14rem), 1fr))",
});
globalStyle(`${fields} > *`, { minWidth: 0 });
globalStyle(`${fields} input, ${fields} select`, { minWidth: 0, maxWidth: "100%" });
export const code = style({ fontFamily: vars.font.mono, fontWeight: 700 });
export const disabled = style({ color: vars.color.textMuted });
