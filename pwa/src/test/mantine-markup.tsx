import { MantineProvider } from "@mantine/core";
import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { mantineTheme } from "../lib/mantine-theme";

/**
 * The static markup of `element` under the app's Mantine theme, with each
 * element's classes, style declarations and attributes in a fixed order: what
 * light-ui.tsx and light-form.tsx must render the same as Mantine does.
 */
export function normalizedMarkup(element: ReactElement): string {
  const host = document.createElement("div");
  host.innerHTML = renderToStaticMarkup(
    <MantineProvider theme={mantineTheme} withCssVariables={false} withGlobalClasses={false}>
      {element}
    </MantineProvider>,
  );
  for (const node of host.querySelectorAll("*")) {
    const classes = node.getAttribute("class");
    if (classes !== null) node.setAttribute("class", classes.split(/\s+/).filter(Boolean).sort().join(" "));
    const style = node.getAttribute("style");
    if (style !== null) {
      // A semicolon inside parentheses (a url(), a calc()) does not end a declaration.
      const declarations = style
        .split(/;(?![^(]*\))/)
        .map((declaration) => declaration.trim())
        .filter(Boolean)
        .sort();
      node.setAttribute("style", declarations.join(";"));
    }
    // Attribute order is not markup.
    const attributes = [...node.attributes].map((attribute) => [attribute.name, attribute.value] as const);
    attributes.forEach(([name]) => node.removeAttribute(name));
    attributes
      .sort(([a], [b]) => a.localeCompare(b))
      .forEach(([name, value]) => node.setAttribute(name, value));
  }
  return host.innerHTML;
}
