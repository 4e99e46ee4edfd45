// @vitest-environment node
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { renderMantineCssVariables, renderMantineThemeVariables } from "./mantine-theme-variables";

describe("the Mantine theme variables", () => {
  it("do not depend on the color scheme the provider is forced to", () => {
    const variables = renderMantineCssVariables();
    expect(renderMantineCssVariables("light")).toBe(variables);
    expect(renderMantineCssVariables("dark")).toBe(variables);
    expect(variables).toContain("--mantine-color-brand-7");
    expect(variables).toContain('[data-mantine-color-scheme="dark"]');
  });

  it("are up to date in src/styles/mantine-theme-variables.css (run `npm run styles:mantine`)", () => {
    const committed = readFileSync(new URL("../styles/mantine-theme-variables.css", import.meta.url), "utf8");
    expect(committed).toBe(renderMantineThemeVariables());
  });
});
