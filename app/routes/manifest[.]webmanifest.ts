import { palette } from "#app/styles/palette";
import { PRODUCT_NAME } from "#app/utils/product";

/**
 * SPEC-3 §6: the web app manifest, so that Chromium offers to install Utsav. Colours come from the
 * theme's palette; the icons are drawn by `scripts/make-icons.mjs` into public/icons/.
 */
export function loader() {
  const manifest = {
    id: "/",
    name: `${PRODUCT_NAME}: college fests and events`,
    short_name: PRODUCT_NAME,
    description: "Find, host and join college fests, hackathons and competitions.",
    start_url: "/",
    scope: "/",
    display: "standalone",
    theme_color: palette.brand,
    background_color: palette.background,
    icons: [
      { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
      { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
      {
        src: "/icons/icon-maskable-512.png",
        sizes: "512x512",
        type: "image/png",
        purpose: "maskable",
      },
    ],
  };
  return new Response(JSON.stringify(manifest), {
    headers: {
      "Content-Type": "application/manifest+json; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
    },
  });
}
