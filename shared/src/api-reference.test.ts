import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { routes } from "./api";
import { renderApiReference } from "./api-reference";

describe("the API reference", () => {
  const reference = renderApiReference();

  it("documents every route of the table", () => {
    for (const route of Object.values(routes)) {
      expect(reference).toContain(`### ${route.method} ${route.path}`);
    }
  });

  it("is up to date in docs/API.md (run `npm run docs:api`)", () => {
    const committed = readFileSync(new URL("../../docs/API.md", import.meta.url), "utf8");
    expect(committed).toBe(reference);
  });
});
