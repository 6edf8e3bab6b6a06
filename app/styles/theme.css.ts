import { createGlobalTheme, createThemeContract } from "@vanilla-extract/css";
import { palette } from "./palette";

/** The one theme contract: every colour, space, type size and radius comes from here. */
export const vars = createThemeContract({
  color: {
    brand: null,
    brandStrong: null,
    brandSoft: null,
    text: null,
    textMuted: null,
    background: null,
    surface: null,
    surfaceAlt: null,
    border: null,
    success: null,
    successSoft: null,
    warning: null,
    warningSoft: null,
    danger: null,
    dangerSoft: null,
    focus: null,
    onBrand: null,
    overlay: null,
  },
  space: { xs: null, sm: null, md: null, lg: null, xl: null, xxl: null },
  font: { body: null, heading: null, mono: null },
  fontSize: { xs: null, sm: null, md: null, lg: null, xl: null, xxl: null, hero: null },
  radius: { sm: null, md: null, lg: null, pill: null },
  shadow: { card: null, panel: null },
  layout: { maxWidth: null, topBar: null },
});

createGlobalTheme(":root", vars, {
  color: palette,
  space: { xs: "4px", sm: "8px", md: "16px", lg: "24px", xl: "32px", xxl: "48px" },
  font: {
    body: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans', 'Noto Sans Devanagari', sans-serif",
    heading:
      "system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans', 'Noto Sans Devanagari', sans-serif",
    mono: "ui-monospace, SFMono-Regular, Menlo, monospace",
  },
  fontSize: {
    xs: "12px",
    sm: "14px",
    md: "16px",
    lg: "18px",
    xl: "22px",
    xxl: "28px",
    hero: "clamp(26px, 6vw, 44px)",
  },
  radius: { sm: "6px", md: "10px", lg: "16px", pill: "999px" },
  shadow: { card: "0 1px 3px rgba(20, 16, 60, 0.12)", panel: "0 8px 30px rgba(20, 16, 60, 0.25)" },
  layout: { maxWidth: "1160px", topBar: "56px" },
});
