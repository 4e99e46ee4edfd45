import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    projects: ["shared", "db", "sync-server", "pwa"],
  },
});
