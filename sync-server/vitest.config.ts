import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    name: "sync-server",
    include: ["src/**/*.test.ts", "migrations/**/*.test.ts"],
    environment: "node",
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
