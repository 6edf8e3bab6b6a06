import { defineConfig } from "vitest/config";

/** Tests on the production build output (budgets); run by `npm run test:budgets` after a build. */
export default defineConfig({
  test: { include: ["tests/build/**/*.test.ts"], environment: "node" },
});
