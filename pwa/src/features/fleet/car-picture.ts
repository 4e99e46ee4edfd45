import { DEFAULT_CAR_IMAGE } from "@car-rental/shared/constants";

/** A bundled picture's file name, as the seed data and the admin car form store it. */
const BUNDLED_FILE = /^[a-z0-9][a-z0-9._-]*\.(?:svg|png|jpe?g|webp)$/i;

/**
 * A bundled picture's address. A drawn (SVG) picture is shown from its WebP
 * rendering, made at build time (vite-plugins/car-pictures.ts): the browser
 * decodes a raster image off the main thread, but parses each SVG image as a
 * document on it, 15 to 30 ms per picture on a slow phone.
 */
function bundledPictureUrl(fileName: string): string {
  return `/cars/${fileName.replace(/\.svg$/i, ".webp")}`;
}

/** The default picture, for a car whose image is unknown or fails to load. */
export const DEFAULT_CAR_PICTURE = bundledPictureUrl(DEFAULT_CAR_IMAGE);

/** Intrinsic size of the bundled pictures (400 × 240), so the page does not shift while they load. */
export const CAR_PICTURE_WIDTH = 400;
export const CAR_PICTURE_HEIGHT = 240;

/**
 * The address of a car's picture (spec §3): an uploaded object path as is, a
 * bundled file name under /cars/, anything else the default picture.
 */
export function carPictureUrl(image: string): string {
  if (image.startsWith("/objects/")) return image;
  if (BUNDLED_FILE.test(image)) return bundledPictureUrl(image);
  return DEFAULT_CAR_PICTURE;
}
