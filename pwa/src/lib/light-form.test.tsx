import {
  Button,
  Card as MantineCard,
  Loader as MantineLoader,
  TextInput as MantineTextInput,
} from "@mantine/core";
import { describe, expect, it } from "vitest";
import { Card, Loader, SubmitButton, TextInput } from "./light-form";
import { normalizedMarkup } from "../test/mantine-markup";

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
    expect(normalizedMarkup(light)).toBe(normalizedMarkup(mantine));
  });
});
