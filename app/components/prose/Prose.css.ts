import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "#app/styles/theme.css";

/** Long-form text: the privacy policy and an event's About section. */
export const prose = style({ maxWidth: "72ch", lineHeight: 1.7 });
globalStyle(`${prose} h1`, { fontSize: vars.fontSize.xxl, marginTop: vars.space.xl });
globalStyle(`${prose} h2`, { fontSize: vars.fontSize.xl, marginTop: vars.space.lg });
globalStyle(`${prose} h3`, { fontSize: vars.fontSize.lg, marginTop: vars.space.md });
globalStyle(`${prose} ul`, { listStyle: "disc", paddingLeft: vars.space.lg });
globalStyle(`${prose} ol`, { listStyle: "decimal", paddingLeft: vars.space.lg });
globalStyle(`${prose} b, ${prose} strong`, { fontWeight: 700 });
