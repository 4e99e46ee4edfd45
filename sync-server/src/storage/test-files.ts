/** Small real files for upload tests. */

/** A valid 1×1 PNG. */
export const tinyPng = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);

/** A minimal PDF document. */
export const tinyPdf = Buffer.from(
  "%PDF-1.4\n1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj\n2 0 obj <</Type /Pages /Kids [] /Count 0>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n",
  "latin1",
);

/** JPEG start-of-image and JFIF header, padded. */
export const tinyJpeg = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00]),
  Buffer.alloc(64, 0),
  Buffer.from([0xff, 0xd9]),
]);

/** `size` bytes that start like a PNG. */
export function pngOfSize(size: number): Buffer {
  const bytes = Buffer.alloc(size, 0x41);
  tinyPng.copy(bytes, 0, 0, Math.min(tinyPng.length, size));
  return bytes;
}
