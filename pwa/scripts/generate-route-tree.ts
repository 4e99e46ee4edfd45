/**
 * Writes src/routeTree.gen.ts (git-ignored) without a full build: resolving the
 * Vite config runs the TanStack Router plugin's configResolved hook, which
 * generates the route tree. `npm run typecheck` needs it on a fresh clone.
 */
import { fileURLToPath } from "node:url";
import { resolveConfig } from "vite";

const configFile = fileURLToPath(new URL("../vite.config.ts", import.meta.url));
await resolveConfig({ configFile, logLevel: "warn" }, "build", "production");
console.info("src/routeTree.gen.ts generated");
