import { vanillaExtractPlugin } from "@vanilla-extract/vite-plugin";
import os from "node:os";
import path from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: {
    alias: {
      "#app": path.resolve("app"),
      "#server": path.resolve("server"),
      "#tests": path.resolve("tests"),
    },
  },
  plugins: [vanillaExtractPlugin()],
  test: {
    include: [
      "server/**/*.test.ts",
      "app/**/*.test.{ts,tsx}",
      "tests/api/**/*.test.ts",
      "scripts/**/*.test.ts",
    ],
    environment: "node",
    // A timeout is there to end a test that hangs, not to time it: a test running beside other
    // work (issue 31: load average 9 on two cores) takes several times as long as on an idle
    // machine. Heavy tests set their own, larger ones; only tests about time measure time.
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: "forks",
    // A fork per core. Vitest's default leaves one core free, which on CI's two cores is one fork:
    // the API tests spend much of their time waiting (PostgreSQL, spawned servers, timers), so a
    // second fork halves the run there.
    maxWorkers: os.availableParallelism(),
    // Unhandled errors still fail the run, through this reporter: it lets only Vitest's own
    // runner-call timeout pass when every test passed (see the file).
    dangerouslyIgnoreUnhandledErrors: true,
    reporters: ["default", "./tests/helpers/unhandled-errors-reporter.ts"],
  },
});
