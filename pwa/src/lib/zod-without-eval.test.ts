import { describe, expect, it } from "vitest";
import "./zod-without-eval";
import { config, z } from "zod";

describe("zod in the browser", () => {
  it("runs jitless, so it never probes eval under the CSP", () => {
    expect(config().jitless).toBe(true);
    expect(z.object({ name: z.string() }).parse({ name: "Maria" })).toEqual({ name: "Maria" });
  });
});
