import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Plugin } from "vite";

type CarPicturesOptions = {
  /** Absolute path of the folder holding the bundled car pictures (db/assets/cars). */
  sourceDir: string;
  /** Public URL prefix, with leading and trailing slash. */
  urlPrefix: string;
};

const CONTENT_TYPES: Record<string, string> = {
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".webp": "image/webp",
};

function contentTypeOf(fileName: string): string | undefined {
  const dot = fileName.lastIndexOf(".");
  return dot === -1 ? undefined : CONTENT_TYPES[fileName.slice(dot).toLowerCase()];
}

function listPictures(sourceDir: string): string[] {
  if (!existsSync(sourceDir)) return [];
  return readdirSync(sourceDir, { withFileTypes: true })
    .filter((entry) => entry.isFile() && contentTypeOf(entry.name) !== undefined)
    .map((entry) => entry.name)
    .sort();
}

/**
 * The fleet's bundled pictures live with the seed data in db/assets/cars. This
 * serves them at /cars/ in dev and emits them into dist/cars/ at build, before
 * vite-plugin-pwa builds the precache manifest, so they are precached too.
 */
export function carPictures({ sourceDir, urlPrefix }: CarPicturesOptions): Plugin {
  const outDir = urlPrefix.replace(/^\/+/, "");
  return {
    name: "car-rental:car-pictures",
    configureServer(server) {
      server.middlewares.use(urlPrefix, (req, res, next) => {
        const requested = decodeURIComponent((req.url ?? "").split("?")[0] ?? "").replace(/^\/+/, "");
        // Only plain file names: nothing outside the folder can be read.
        if (
          requested === "" ||
          requested.includes("/") ||
          requested.includes("\\") ||
          requested.startsWith(".")
        ) {
          next();
          return;
        }
        const type = contentTypeOf(requested);
        const file = join(sourceDir, requested);
        if (type === undefined || !existsSync(file)) {
          next();
          return;
        }
        res.setHeader("Content-Type", type);
        res.setHeader("Cache-Control", "no-cache");
        res.end(readFileSync(file));
      });
    },
    generateBundle() {
      const pictures = listPictures(sourceDir);
      if (pictures.length === 0) {
        this.warn(`no car pictures found in ${sourceDir}; /cars/ will be empty`);
        return;
      }
      for (const name of pictures) {
        this.emitFile({
          type: "asset",
          fileName: `${outDir}${name}`,
          source: readFileSync(join(sourceDir, name)),
        });
      }
    },
  };
}
