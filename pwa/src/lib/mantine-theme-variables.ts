import { MantineProvider } from "@mantine/core";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { cssVariablesResolver, mantineTheme } from "./mantine-theme";

const HEADER =
  "/* Generated from pwa/src/lib/mantine-theme.ts by Mantine's own code: do not edit.\n" +
  "   Regenerate with `npm run styles:mantine` (pwa/scripts/write-mantine-variables.ts). */\n";

const VARIABLES_STYLE = /<style data-mantine-styles="true"[^>]*>([\s\S]*?)<\/style>/;

/**
 * The CSS Mantine's MantineProvider would render (as <style data-mantine-styles>)
 * for our static theme and resolver, with the default provider options.
 */
export function renderMantineCssVariables(forceColorScheme?: "light" | "dark"): string {
  const markup = renderToStaticMarkup(
    createElement(
      MantineProvider,
      { theme: mantineTheme, cssVariablesResolver, forceColorScheme },
      createElement("span"),
    ),
  );
  const css = VARIABLES_STYLE.exec(markup)?.[1];
  if (!css) throw new Error("MantineProvider rendered no <style data-mantine-styles> element");
  return css;
}

/**
 * The contents of src/styles/mantine-theme-variables.css: the theme's CSS variables,
 * computed once at development time instead of on every hydration.
 */
export function renderMantineThemeVariables(): string {
  return `${HEADER}${renderMantineCssVariables()}\n`;
}
