import { describe, expect, it } from "vitest";
import { adminLoginSchema, adminSessionSchema } from "./session";
import { uploadRequestSchema, uploadResponseSchema } from "./upload";

describe("uploadRequestSchema", () => {
  it("defaults to a document upload", () => {
    expect(uploadRequestSchema.parse({})).toEqual({ purpose: "document" });
    expect(uploadRequestSchema.parse({ contentType: "application/PDF", size: 5_242_880 })).toEqual({
      purpose: "document",
      contentType: "application/pdf",
      size: 5_242_880,
    });
  });

  it("checks the claimed type and size against the purpose", () => {
    expect(uploadRequestSchema.safeParse({ size: 5_242_881 }).success).toBe(false);
    expect(uploadRequestSchema.safeParse({ purpose: "car-image", size: 10_485_760 }).success).toBe(true);
    expect(
      uploadRequestSchema.safeParse({ purpose: "car-image", contentType: "application/pdf" }).success,
    ).toBe(false);
    expect(uploadRequestSchema.safeParse({ contentType: "image/gif" }).success).toBe(false);
    expect(uploadRequestSchema.safeParse({ purpose: "avatar" }).success).toBe(false);
    expect(uploadRequestSchema.parse({ name: "x.png" })).toEqual({ purpose: "document" });
  });

  it("reads the answer", () => {
    expect(
      uploadResponseSchema.parse({
        uploadURL: "http://localhost:3000/upload/abc",
        objectPath: "/objects/documents/abc",
      }),
    ).toMatchObject({ objectPath: "/objects/documents/abc" });
  });

  it("reads an answer without a method as a PUT, and a POST with its form fields", () => {
    const base = { uploadURL: "https://shop.s3.example.com", objectPath: "/objects/documents/abc" };
    expect(uploadResponseSchema.parse(base).method).toBe("PUT");
    const fields = { key: "incoming/documents/abc", Policy: "e30=" };
    expect(uploadResponseSchema.parse({ ...base, method: "POST", fields })).toEqual({
      ...base,
      method: "POST",
      fields,
    });
    expect(uploadResponseSchema.safeParse({ ...base, method: "PATCH" }).success).toBe(false);
  });
});

describe("session schemas", () => {
  it("needs a non-empty password and keeps its spaces", () => {
    expect(adminLoginSchema.parse({ password: " secret " }).password).toBe(" secret ");
    expect(adminLoginSchema.safeParse({ password: "" }).success).toBe(false);
    expect(adminLoginSchema.safeParse({ password: "x".repeat(201) }).success).toBe(false);
    expect(adminLoginSchema.parse({ password: "x", remember: true })).toEqual({ password: "x" });
    expect(adminSessionSchema.parse({ authenticated: false })).toEqual({ authenticated: false });
  });
});
