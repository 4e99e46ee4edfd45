import { afterEach, describe, expect, it, vi } from "vitest";
import { uploadMessages } from "@car-rental/shared/messages";
import { isOwnUploadUrl } from "./send-upload";
import { UploadFailure, documentContentType, uploadDocument } from "./upload-document";

const ORIGIN = window.location.origin;

function pngFile(name = "id.png", size = 100): File {
  return new File([new Uint8Array(size)], name, { type: "image/png" });
}

function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("documentContentType", () => {
  it("accepts JPG, PNG and PDF by type, or by extension when the type is missing", () => {
    expect(documentContentType(pngFile())).toBe("image/png");
    expect(documentContentType(new File(["x"], "bill.PDF"))).toBe("application/pdf");
    expect(documentContentType(new File(["x"], "id.jpeg"))).toBe("image/jpeg");
    expect(documentContentType(new File(["x"], "photo.gif", { type: "image/gif" }))).toBeNull();
    expect(documentContentType(new File(["x"], "notes.txt"))).toBeNull();
  });
});

describe("isOwnUploadUrl", () => {
  it("accepts only addresses on this site", () => {
    expect(isOwnUploadUrl(`${ORIGIN}/uploads/abc`, ORIGIN)).toBe(true);
    expect(isOwnUploadUrl("/uploads/abc", ORIGIN)).toBe(true);
    expect(isOwnUploadUrl("//evil.example/uploads", ORIGIN)).toBe(false);
    expect(isOwnUploadUrl("https://evil.example/uploads", ORIGIN)).toBe(false);
    expect(isOwnUploadUrl(`${ORIGIN}.evil.example/uploads`, ORIGIN)).toBe(false);
  });
});

describe("uploadDocument", () => {
  it("asks for an address, PUTs the file there and returns the object path", async () => {
    const fetchMock = vi.fn<typeof fetch>(async (input) => {
      if (String(input).endsWith("/api/objects/upload")) {
        return jsonResponse({ uploadURL: `${ORIGIN}/uploads/token`, objectPath: "/objects/documents/abc" });
      }
      return jsonResponse({ objectPath: "/objects/documents/abc" });
    });
    vi.stubGlobal("fetch", fetchMock);
    await expect(uploadDocument(pngFile())).resolves.toBe("/objects/documents/abc");
    const [, requestInit] = fetchMock.mock.calls[0] ?? [];
    expect(JSON.parse(String(requestInit?.body))).toEqual({
      purpose: "document",
      contentType: "image/png",
      size: 100,
    });
    const [putUrl, putInit] = fetchMock.mock.calls[1] ?? [];
    expect(putUrl).toBe(`${ORIGIN}/uploads/token`);
    expect(putInit?.method).toBe("PUT");
  });

  it("sends the presigned POST's form (fields, then the file) to the bucket when the answer says POST", async () => {
    const bucket = "https://shop.s3.ap-southeast-1.amazonaws.com";
    const fields = { key: "incoming/documents/abc", "Content-Type": "image/png", Policy: "cG9saWN5" };
    const fetchMock = vi.fn<typeof fetch>(async (input) =>
      String(input).endsWith("/api/objects/upload")
        ? jsonResponse({ uploadURL: bucket, objectPath: "/objects/documents/abc", method: "POST", fields })
        : new Response(null, { status: 204 }),
    );
    vi.stubGlobal("fetch", fetchMock);
    await expect(uploadDocument(pngFile())).resolves.toBe("/objects/documents/abc");
    const [postUrl, postInit] = fetchMock.mock.calls[1] ?? [];
    expect(postUrl).toBe(bucket);
    expect(postInit?.method).toBe("POST");
    const form = postInit?.body;
    expect(form).toBeInstanceOf(FormData);
    expect([...(form as FormData).keys()]).toEqual(["key", "Content-Type", "Policy", "file"]);
    // A PUT answer pointing at another site is still refused (see below); a POST one is not.
  });

  it("reports 'Upload Error' when no address comes, and 'Invalid upload URL received' for a foreign one", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn<typeof fetch>(async () => jsonResponse({ uploadURL: "", objectPath: "x" })),
    );
    await expect(uploadDocument(pngFile())).rejects.toMatchObject({
      toast: { title: "Upload Error" },
      message: uploadMessages.noUploadUrl,
    });
    vi.stubGlobal(
      "fetch",
      vi.fn<typeof fetch>(async () =>
        jsonResponse({ uploadURL: "https://evil.example/u", objectPath: "/objects/x" }),
      ),
    );
    await expect(uploadDocument(pngFile())).rejects.toMatchObject({
      toast: { title: "Upload Error" },
      message: uploadMessages.invalidUploadUrl,
    });
    vi.stubGlobal(
      "fetch",
      vi.fn<typeof fetch>(async () =>
        jsonResponse({ error: { code: "TOO_MANY_REQUESTS", message: "Too many attempts." } }, 429),
      ),
    );
    await expect(uploadDocument(pngFile())).rejects.toMatchObject({
      toast: { title: "Upload Error" },
      message: "Too many attempts.",
    });
  });

  it("reports 'Upload Failed' when the file is refused or lost", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn<typeof fetch>(async (input) =>
        String(input).endsWith("/api/objects/upload")
          ? jsonResponse({ uploadURL: `${ORIGIN}/uploads/t`, objectPath: "/objects/documents/x" })
          : jsonResponse(
              { error: { code: "UPLOAD_INVALID", message: "The uploaded file is not an allowed type." } },
              415,
            ),
      ),
    );
    await expect(uploadDocument(pngFile())).rejects.toMatchObject({
      toast: { title: "Upload Failed" },
      message: "The uploaded file is not an allowed type.",
    });
    vi.stubGlobal(
      "fetch",
      vi.fn<typeof fetch>(async (input) => {
        if (String(input).endsWith("/api/objects/upload")) {
          return jsonResponse({ uploadURL: `${ORIGIN}/uploads/t`, objectPath: "/objects/documents/x" });
        }
        throw new TypeError("Failed to fetch");
      }),
    );
    await expect(uploadDocument(pngFile())).rejects.toMatchObject({
      toast: { title: "Upload Failed" },
      message: uploadMessages.noFilesProcessed,
    });
  });

  it("refuses a wrong type or a file over 5 MB before calling the server", async () => {
    const fetchMock = vi.fn<typeof fetch>();
    vi.stubGlobal("fetch", fetchMock);
    await expect(uploadDocument(new File(["x"], "a.gif", { type: "image/gif" }))).rejects.toBeInstanceOf(
      UploadFailure,
    );
    await expect(uploadDocument(pngFile("big.png", 5_242_881))).rejects.toBeInstanceOf(UploadFailure);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
