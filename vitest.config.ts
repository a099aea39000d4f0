import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    environment: "node",
    // Builds dist/ first when it is older than src/: tests of the built binary run the source.
    globalSetup: ["test/helpers/fresh-build.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
