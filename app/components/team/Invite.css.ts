import { style } from "@vanilla-extract/css";
import * as u from "#app/components/saves/Unsubscribe.css";
import { vars } from "#app/styles/theme.css";

// The invitation page is a card like the unsubscribe page's.
export const page = style([u.page, { overflowWrap: "anywhere" }]);
export const { title, text, error } = u;
export const actions = style({ display: "flex", flexWrap: "wrap", gap: vars.space.sm });
