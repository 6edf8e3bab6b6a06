import { defineConfig } from "vitest/config";

/**
 * Tests on whole processes, run by `npm run test:build` after `npm run build`: the build's weight
 * budgets, the compiled server as `npm start` runs it, and `npm run dev`. One file at a time:
 * each starts a server.
 */
export default defineConfig({
  test: {
    include: ["tests/build/**/*.test.ts"],
    environment: "node",
    fileParallelism: false,
    // Room for a busy machine (see vitest.config.ts): a timeout ends a hung test, it times nothing.
    testTimeout: 120_000,
    hookTimeout: 300_000,
    // As in vitest.config.ts: only Vitest's runner-call timeout is let through, when all passed.
    dangerouslyIgnoreUnhandledErrors: true,
    reporters: ["default", "./tests/helpers/unhandled-errors-reporter.ts"],
  },
});
