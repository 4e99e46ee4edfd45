import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { minify, type Plugin } from "vite";

/**
 * Minifies the scripts of public/ that every page loads (`files`, relative to
 * public/) in the built folder. Vite copies public/ as it is, so their
 * comments, which explain them to the next developer, would also reach every
 * visitor. Runs before vite-plugin-pwa lists the files to precache (its
 * closeBundle runs after this one), so the service worker stores what the
 * server serves.
 */
export function minifyPublicScripts(files: readonly string[]): Plugin {
  let outDir = "";
  return {
    name: "car-rental:minify-public-scripts",
    apply: (_config, env) => env.command === "build" && !env.isSsrBuild,
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      sequential: true,
      order: "pre",
      async handler() {
        for (const file of files) {
          const built = path.join(outDir, file);
          const result = await minify(file, await readFile(built, "utf8"), { compress: true, mangle: true });
          if (result.errors.length > 0)
            this.error(`${file}: ${result.errors.map((e) => e.message).join("; ")}`);
          await writeFile(built, result.code);
        }
      },
    },
  };
}
