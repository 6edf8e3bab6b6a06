import { createHash } from "node:crypto";
import { vitePlugin as remix } from "@remix-run/dev";
import { vanillaExtractPlugin } from "@vanilla-extract/vite-plugin";
import path from "node:path";
import { defineConfig } from "vite";

declare module "@remix-run/node" {
  interface Future {
    v3_singleFetch: true;
  }
}

export default defineConfig({
  // node_modules may be shared by several checkouts: each keeps its own optimizer cache, so two
  // dev servers never write one cache.
  cacheDir: `node_modules/.vite/${createHash("sha1").update(process.cwd()).digest("hex").slice(0, 10)}`,
  // Imported by the code vanilla-extract generates from recipes, which the dependency scan cannot
  // see: optimized up front too.
  optimizeDeps: { include: ["@vanilla-extract/recipes/createRuntimeFn"] },
  resolve: {
    alias: {
      "#app": path.resolve("app"),
      "#server": path.resolve("server"),
      "#tests": path.resolve("tests"),
    },
  },
  plugins: [
    remix({
      // Separate build folders let several builds (tests, benchmarks) coexist in one tree.
      buildDirectory: process.env.BUILD_DIR ?? "build",
      ignoredRouteFiles: ["**/*.css.ts", "**/*.test.ts", "**/*.test.tsx"],
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_singleFetch: true,
        v3_lazyRouteDiscovery: true,
        // The dev server scans every route for dependencies at start, so a first page never
        // loads a second copy of React after a late re-optimization.
        unstable_optimizeDeps: true,
      },
    }),
    vanillaExtractPlugin(),
  ],
  build: { target: "es2020" },
});
