import path from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: {
    alias: {
      "@contract": path.resolve(import.meta.dirname, "src/contract"),
      "@": path.resolve(import.meta.dirname, "src/client"),
    },
  },
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    fileParallelism: true,
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: [
            "src/**/*.test.ts",
            "tests/integration/**/*.test.ts",
            "bot/**/*.test.ts",
            "extensions/**/*.test.ts",
            "bench/**/*.test.ts",
          ],
          environment: "node",
        },
      },
      {
        // Component tests render React into jsdom (decision 013); everything else runs in plain Node.
        extends: true,
        test: {
          name: "components",
          include: ["src/**/*.test.tsx"],
          environment: "jsdom",
          setupFiles: ["src/client/test/setup.ts"],
        },
      },
    ],
  },
});
