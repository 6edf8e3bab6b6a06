/**
 * The theme's colours as plain values: the theme contract (`theme.css.ts`) sets them as CSS
 * variables, and what cannot read CSS (the web app manifest, `<meta name="theme-color">`) reads
 * them from here.
 */
export const palette = {
  brand: "#5b2bd6",
  brandStrong: "#4318b0",
  brandSoft: "#efe9ff",
  text: "#1b1b24",
  textMuted: "#55566a",
  background: "#f7f7fb",
  surface: "#ffffff",
  surfaceAlt: "#f1f0f7",
  border: "#d9d8e6",
  success: "#11743a",
  successSoft: "#e3f6ea",
  warning: "#8a4b00",
  warningSoft: "#fff1d6",
  danger: "#b3261e",
  dangerSoft: "#fdecea",
  focus: "#ff9f1c",
  onBrand: "#ffffff",
  overlay: "rgba(17, 16, 29, 0.5)",
};
