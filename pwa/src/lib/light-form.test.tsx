import {
  Button,
  Card as MantineCard,
  Loader as MantineLoader,
  MantineProvider,
  TextInput as MantineTextInput,
} from "@mantine/core";
import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Card, Loader, SubmitButton, TextInput } from "./light-form";
import { mantineTheme } from "./mantine-theme";

/** The markup, with each element's classes, style declarations and attributes in a fixed order. */
function normalized(element: ReactElement): string {
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
      const declarations = style
        .split(/;(?![^(]*\))/)
        .map((declaration) => declaration.trim())
        .filter(Boolean)
        .sort();
      node.setAttribute("style", declarations.join(";"));
    }
    const attributes = [...node.attributes].map((attribute) => [attribute.name, attribute.value] as const);
    attributes.forEach(([name]) => node.removeAttribute(name));
    attributes
      .sort(([a], [b]) => a.localeCompare(b))
      .forEach(([name, value]) => node.setAttribute(name, value));
  }
  return host.innerHTML;
}

const icon = <svg data-icon="" />;

describe("light-form renders Mantine's markup", () => {
  it.each([
    [
      "a card with a border",
      <MantineCard withBorder radius="md" padding="lg">
        x
      </MantineCard>,
      <Card>x</Card>,
    ],
    ["a loader", <MantineLoader />, <Loader />],
    [
      "a required text input",
      <MantineTextInput
        label="Booking reference"
        name="reference"
        placeholder="ACR"
        autoComplete="off"
        required
      />,
      <TextInput label="Booking reference" name="reference" placeholder="ACR" autoComplete="off" required />,
    ],
    [
      "a text input with a description",
      <MantineTextInput label="Contact" name="contact" description="How" required />,
      <TextInput label="Contact" name="contact" description="How" required />,
    ],
    [
      "a text input with an error",
      <MantineTextInput label="Reference" name="reference" error="Required" />,
      <TextInput label="Reference" name="reference" error="Required" />,
    ],
    [
      "a text input with a description and an error",
      <MantineTextInput label="Contact" name="contact" description="How" error="Required" required />,
      <TextInput label="Contact" name="contact" description="How" error="Required" required />,
    ],
    [
      "a submit button",
      <Button type="submit" size="sm" leftSection={icon}>
        Find
      </Button>,
      <SubmitButton loading={false} leftSection={icon}>
        Find
      </SubmitButton>,
    ],
    [
      "a submit button while loading",
      <Button type="submit" size="sm" loading leftSection={icon}>
        Find
      </Button>,
      <SubmitButton loading leftSection={icon}>
        Find
      </SubmitButton>,
    ],
  ])("%s", (_name, mantine, light) => {
    expect(normalized(light)).toBe(normalized(mantine));
  });
});
