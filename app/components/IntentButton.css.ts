import { style } from "@vanilla-extract/css";

export const inline = style({ display: "inline" });
