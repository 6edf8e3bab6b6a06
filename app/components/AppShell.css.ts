import { style } from "@vanilla-extract/css";

/** The frame fills the window, so the footer sits at the bottom of a short page. */
export const shell = style({ display: "flex", flexDirection: "column", minHeight: "100vh" });
export const main = style({ flex: "1 0 auto", width: "100%" });
