import { afterEach, describe, expect, it } from "vitest";
import { anySignal, isAcceptedUploadTarget, isOwnUploadUrl, uploadForm } from "./send-upload";

const ORIGIN = "https://rent.example.com";

describe("uploadForm", () => {
  it("holds every field in the answer's order, then the file as `file`, last", async () => {
    const fields = {
      "Content-Type": "application/pdf",
      bucket: "shop",
      "X-Amz-Algorithm": "AWS4-HMAC-SHA256",
      key: "incoming/documents/0b7c",
      Policy: "eyJjb25kaXRpb25zIjpbXX0=",
      "X-Amz-Signature": "ab12",
    };
    const file = new File(["%PDF-1.4 bytes"], "bill.pdf", { type: "application/pdf" });
    const form = uploadForm(fields, file);
    const entries = [...form.entries()];
    expect(entries.map(([name]) => name)).toEqual([...Object.keys(fields), "file"]);
    for (const [name, value] of Object.entries(fields)) expect(form.get(name)).toBe(value);
    const sent = form.get("file");
    expect(sent).toBeInstanceOf(File);
    expect(await (sent as File).text()).toBe("%PDF-1.4 bytes");
    expect((sent as File).name).toBe("bill.pdf");
  });

  it("is just the file when there are no fields", () => {
    const form = uploadForm({}, new Blob(["x"]));
    expect([...form.keys()]).toEqual(["file"]);
  });
});

describe("isAcceptedUploadTarget", () => {
  it("sends a PUT only to this site", () => {
    expect(isAcceptedUploadTarget({ uploadURL: `${ORIGIN}/uploads/t`, method: "PUT" }, ORIGIN)).toBe(true);
    expect(isAcceptedUploadTarget({ uploadURL: "/uploads/t", method: "PUT" }, ORIGIN)).toBe(true);
    expect(isAcceptedUploadTarget({ uploadURL: "https://bucket.example/x", method: "PUT" }, ORIGIN)).toBe(
      false,
    );
    expect(isAcceptedUploadTarget({ uploadURL: "//evil.example/u", method: "PUT" }, ORIGIN)).toBe(false);
  });

  it("sends a presigned POST to the bucket over https (the CSP's connect-src names which one)", () => {
    const post = (uploadURL: string, origin = ORIGIN) =>
      isAcceptedUploadTarget({ uploadURL, method: "POST", fields: { key: "k" } }, origin);
    expect(post("https://shop.s3.ap-southeast-1.amazonaws.com")).toBe(true);
    expect(post(`${ORIGIN}/uploads/t`)).toBe(true);
    expect(post("http://files.example:9000/shop")).toBe(false);
    expect(post("http://127.0.0.1:9000/shop", "http://localhost:5173")).toBe(true);
    expect(post("javascript:alert(1)")).toBe(false);
    expect(post("not a url")).toBe(false);
    // Without its signed fields a POST cannot succeed: refused like a missing address.
    expect(isAcceptedUploadTarget({ uploadURL: `${ORIGIN}/x`, method: "POST" }, ORIGIN)).toBe(false);
  });

  it("keeps isOwnUploadUrl strict", () => {
    expect(isOwnUploadUrl(`${ORIGIN}.evil.example/uploads`, ORIGIN)).toBe(false);
  });
});

describe("anySignal", () => {
  const native = AbortSignal.any;
  afterEach(() => {
    AbortSignal.any = native;
  });

  for (const browser of ["with AbortSignal.any", "without it (Safari before 17.4)"]) {
    it(`aborts with the first of its signals, ${browser}`, () => {
      if (browser.startsWith("without")) Reflect.deleteProperty(AbortSignal, "any");
      const first = new AbortController();
      const second = new AbortController();
      const combined = anySignal([first.signal, second.signal]);
      expect(combined.aborted).toBe(false);
      second.abort("closed");
      expect(combined.aborted).toBe(true);
      expect(combined.reason).toBe("closed");
      first.abort("later");
      expect(combined.reason).toBe("closed");
      const already = new AbortController();
      already.abort("before");
      expect(anySignal([first.signal, already.signal]).aborted).toBe(true);
    });
  }
});
