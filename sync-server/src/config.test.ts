import { describe, expect, it } from "vitest";
import { readConfig } from "./config";

describe("readConfig", () => {
  it("refuses a configured ADMIN_PASSWORD shorter than 12 characters, with a clear message", () => {
    expect(() => readConfig({ ADMIN_PASSWORD: "elevenchars" })).toThrow(
      "ADMIN_PASSWORD is too short: it has 11 characters and must have at least 12",
    );
    expect(readConfig({ ADMIN_PASSWORD: "twelve-chars" }).adminPassword).toBe("twelve-chars");
    // Unset (or blank) means "generate one".
    expect(readConfig({ ADMIN_PASSWORD: "  " }).adminPassword).toBeUndefined();
  });

  it("reads TRUST_PROXY_HOPS (default 1, 1 to 10)", () => {
    expect(readConfig({}).trustProxyHops).toBe(1);
    expect(readConfig({ TRUST_PROXY: "true", TRUST_PROXY_HOPS: "2" })).toMatchObject({
      trustProxy: true,
      trustProxyHops: 2,
    });
    expect(() => readConfig({ TRUST_PROXY_HOPS: "0" })).toThrow(/TRUST_PROXY_HOPS/);
  });
});
