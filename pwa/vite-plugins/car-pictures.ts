import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import sharp from "sharp";
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

/** Pixel size of the raster rendering: twice the pictures' 400 × 240 layout size, sharp on phone screens. */
const RASTER_WIDTH = 800;
const RASTER_HEIGHT = 480;

/** 'honda-city.svg' → 'honda-city.webp' (src/features/fleet/car-picture.ts asks for that name). */
function rasterNameOf(svgName: string): string {
  return svgName.replace(/\.svg$/i, ".webp");
}

/** A drawn (SVG) picture rendered as WebP. */
function rasterize(svgFile: string): Promise<Buffer> {
  return sharp(svgFile, { density: 144 })
    .resize(RASTER_WIDTH, RASTER_HEIGHT, { fit: "contain", background: { r: 0, g: 0, b: 0, alpha: 0 } })
    .webp({ quality: 75 })
    .toBuffer();
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
 *
 * Each drawn (SVG) picture is also served as WebP, which is what the pages
 * show: a browser decodes raster images off the main thread, but parses every
 * SVG image as a document on it, 15 to 30 ms per picture on a slow phone.
 */
export function carPictures({ sourceDir, urlPrefix }: CarPicturesOptions): Plugin {
  const outDir = urlPrefix.replace(/^\/+/, "");
  /** Dev server: each drawing rendered once. */
  const rasterized: Record<string, Promise<Buffer>> = {};
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
        const drawing = join(sourceDir, requested.replace(/\.webp$/i, ".svg"));
        if (type === "image/webp" && !existsSync(file) && existsSync(drawing)) {
          rasterized[drawing] ??= rasterize(drawing);
          rasterized[drawing].then(
            (image) => {
              res.setHeader("Content-Type", type);
              res.setHeader("Cache-Control", "no-cache");
              res.end(image);
            },
            (error: unknown) => next(error),
          );
          return;
        }
        if (type === undefined || !existsSync(file)) {
          next();
          return;
        }
        res.setHeader("Content-Type", type);
        res.setHeader("Cache-Control", "no-cache");
        res.end(readFileSync(file));
      });
    },
    async generateBundle() {
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
      const drawings = pictures.filter(
        (name) => /\.svg$/i.test(name) && !pictures.includes(rasterNameOf(name)),
      );
      const rasters = await Promise.all(
        drawings.map(async (name) => ({
          name: rasterNameOf(name),
          image: await rasterize(join(sourceDir, name)),
        })),
      );
      for (const { name, image } of rasters) {
        this.emitFile({ type: "asset", fileName: `${outDir}${name}`, source: image });
      }
    },
  };
}
