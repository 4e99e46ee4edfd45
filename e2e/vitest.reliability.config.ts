import { defineConfig } from "vitest/config";

/**
 * The reliability suite (issue 7): crashes, database and mail outages,
 * fuzzing and the security surface, against real server processes. Files run
 * one after another: several of them start servers and a private PostgreSQL,
 * and the machine has two cores.
 */
export default defineConfig({
  test: {
    name: "reliability",
    root: import.meta.dirname,
    include: ["reliability/**/*.test.ts"],
    environment: "node",
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
