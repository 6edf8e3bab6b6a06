import { createHash } from "node:crypto";
import { vitePlugin as remix } from "@remix-run/dev";
import { vanillaExtractPlugin } from "@vanilla-extract/vite-plugin";
import path from "node:path";
import { defineConfig, type Plugin } from "vite";
import { resolveBuildDir } from "./scripts/lib/build-dir.mjs";

declare module "@remix-run/node" {
  interface Future {
    v3_singleFetch: true;
  }
}

/**
 * One stylesheet for the whole app. vanilla-extract gives each module its CSS, and Vite's code
 * splitting made a file of it per chunk: a page linked eight render-blocking files of ~1.3 KB,
 * each a round trip on a slow phone before first paint (issue 16). With `cssCodeSplit: false`
 * Vite writes all of it into one file (~8 KB gzipped, cached immutable for every later page) but
 * names it in no chunk's CSS, so Remix would link nothing: this names it as the root route's CSS
 * in the client build's manifest, and Remix links it on every page, in the document and in
 * client navigation alike.
 */
function oneStylesheetForRoot(): Plugin {
  return {
    name: "utsav:one-stylesheet-for-root",
    apply: "build",
    // After Vite's CSS plugin has written the bundle's stylesheet, before its manifest is made.
    enforce: "post",
    // The client build only: the server build's CSS is thrown away by Remix anyway.
    config: (_config, env) => (env.isSsrBuild ? {} : { build: { cssCodeSplit: false } }),
    generateBundle(_options, bundle) {
      if (this.environment.config.build.ssr) return;
      const sheets = Object.values(bundle).filter(
        (f) => f.type === "asset" && f.fileName.endsWith(".css"),
      );
      const root = Object.values(bundle).find(
        (f) =>
          f.type === "chunk" &&
          f.facadeModuleId?.replace(/\?.*$/, "") === path.resolve("app/root.tsx"),
      );
      if (sheets.length !== 1 || root?.type !== "chunk" || !root.viteMetadata)
        this.error(
          `expected one stylesheet and the root chunk, found ${sheets.length} and ${root?.fileName}`,
        );
      root.viteMetadata.importedCss.add(sheets[0].fileName);
    },
  };
}

/**
 * React, React DOM, Remix and its router in one file. Left to itself, Vite spread them over three
 * chunks (the client entry, the JSX runtime and Remix's components), each named by which routes
 * imported what; every page loads all three. As one file they are 1.7 KB smaller gzipped (one
 * compression stream, no imports between them) and one request fewer on a slow phone.
 */
const FRAMEWORK =
  /\/node_modules\/(react|react-dom|scheduler|react-router|react-router-dom|@remix-run\/[^/]+|turbo-stream)\//;

function frameworkChunk(): Plugin {
  return {
    name: "utsav:framework-chunk",
    apply: "build",
    // The client build only: the server's build imports these from node_modules.
    config: (_config, env) =>
      env.isSsrBuild
        ? {}
        : {
            build: {
              rollupOptions: {
                output: { manualChunks: (id) => (FRAMEWORK.test(id) ? "framework" : undefined) },
              },
            },
          },
  };
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
      // Separate build folders let several builds (tests, benchmarks) coexist in one tree. Remix
      // empties this folder first: the helper refuses the project folder and any above it.
      buildDirectory: resolveBuildDir(),
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
    oneStylesheetForRoot(),
    frameworkChunk(),
  ],
  build: { target: "es2020" },
});
