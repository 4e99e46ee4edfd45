import { describe, expect, it } from "vitest";
import { detectFileType, isAllowedType, normalizeContentType } from "./file-type";
import { isObjectKey, parseObjectPath } from "./object-key";
import { tinyJpeg, tinyPdf, tinyPng } from "./test-files";

describe("detectFileType", () => {
  it("knows JPEG, PNG and PDF by their bytes", () => {
    expect(detectFileType(tinyPng)).toBe("image/png");
    expect(detectFileType(tinyJpeg)).toBe("image/jpeg");
    expect(detectFileType(tinyPdf)).toBe("application/pdf");
  });

  it("refuses anything else, whatever it claims", () => {
    expect(detectFileType(Buffer.from("hello, I am a PNG"))).toBeNull();
    expect(detectFileType(Buffer.from("GIF89a"))).toBeNull();
    expect(detectFileType(Buffer.alloc(0))).toBeNull();
    expect(detectFileType(tinyPng.subarray(0, 4))).toBeNull();
  });

  it("allows PDFs for documents only", () => {
    expect(isAllowedType("document", "application/pdf")).toBe(true);
    expect(isAllowedType("car-image", "application/pdf")).toBe(false);
    expect(isAllowedType("car-image", "image/png")).toBe(true);
    expect(normalizeContentType("IMAGE/JPG; q=1")).toBe("image/jpeg");
  });
});

describe("object keys", () => {
  const id = "3f2a6c1e-8b7d-4e3f-9a1b-0c2d3e4f5a6b";

  it("accept only <folder>/<uuid>", () => {
    expect(isObjectKey(`documents/${id}`)).toBe(true);
    expect(isObjectKey(`incoming/car-images/${id}`)).toBe(true);
    for (const bad of [
      `documents/../${id}`,
      `/documents/${id}`,
      `other/${id}`,
      `documents/${id}/x`,
      "documents/abc",
    ]) {
      expect(isObjectKey(bad)).toBe(false);
    }
  });

  it("parse object paths into key and purpose", () => {
    expect(parseObjectPath(`/objects/car-images/${id}`)).toEqual({
      key: `car-images/${id}`,
      purpose: "car-image",
    });
    expect(parseObjectPath(`/objects/documents/${id}`)).toEqual({
      key: `documents/${id}`,
      purpose: "document",
    });
    expect(parseObjectPath(`/objects/documents/%2e%2e/${id}`)).toBeNull();
    expect(parseObjectPath(`/objects/incoming/documents/${id}`)).toBeNull();
  });
});
