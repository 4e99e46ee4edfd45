/**
 * Photos are downscaled in the browser before they wait for upload (release
 * 2 §C3): a long side of at most 1600 px, JPEG, so a dozen photos go over a
 * weak connection.
 */
import { HANDOVER_PHOTO_LONG_SIDE } from "@car-rental/shared/constants";

/** The size that keeps the aspect ratio with the long side at most `longSide`. */
export function fittedSize(width: number, height: number, longSide = HANDOVER_PHOTO_LONG_SIDE) {
  const scale = Math.min(1, longSide / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** The photo as a JPEG whose long side is at most 1600 px. */
export async function downscaleToJpeg(file: Blob, longSide = HANDOVER_PHOTO_LONG_SIDE): Promise<Blob> {
  const bitmap = await createImageBitmap(file);
  const { width, height } = fittedSize(bitmap.width, bitmap.height, longSide);
  const canvas = document.createElement("canvas");
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext("2d");
  if (!context) throw new Error("No 2D canvas");
  context.fillStyle = "#fff";
  context.fillRect(0, 0, width, height);
  context.drawImage(bitmap, 0, 0, width, height);
  bitmap.close();
  return new Promise((resolve, reject) => {
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error("The photo could not be encoded"))),
      "image/jpeg",
      0.85,
    );
  });
}
