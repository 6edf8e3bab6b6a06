import { style } from "@vanilla-extract/css";
import * as u from "#app/components/saves/Unsubscribe.css";
import { actionRow } from "#app/styles/layout.css";

// The invitation page is a card like the unsubscribe page's.
export const page = style([u.page, { overflowWrap: "anywhere" }]);
export const { title, text, error } = u;
export const actions = actionRow;
