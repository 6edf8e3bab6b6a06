// Chromium's switches for the e2e suite (playwright.config.ts) and Lighthouse (scripts/lib/
// lighthouse.ts): no sandbox or GPU in a container, and nothing running in the background.
export const CHROMIUM_FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];
