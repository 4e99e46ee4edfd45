import {
  ActionIcon,
  Anchor,
  Badge as MantineBadge,
  Burger,
  Button,
  Container as MantineContainer,
  Group as MantineGroup,
  Stack as MantineStack,
  Text as MantineText,
  Title as MantineTitle,
  VisuallyHidden as MantineVisuallyHidden,
} from "@mantine/core";
import { describe, expect, it } from "vitest";
import {
  actionIconLook,
  ActionIconInner,
  anchorLook,
  Badge,
  burgerLook,
  buttonLook,
  ButtonInner,
  Container,
  Group,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from "./light-ui";
import { normalizedMarkup } from "../test/mantine-markup";

const icon = <svg data-icon="" />;

describe("light-ui renders Mantine's markup", () => {
  it.each([
    [
      "a filled link button with a right section",
      <Button component="a" href="/#booking" size="lg" rightSection={icon}>
        Book Now
      </Button>,
      <a href="/#booking" {...buttonLook({ size: "lg", withRightSection: true })}>
        <ButtonInner rightSection={icon}>Book Now</ButtonInner>
      </a>,
    ],
    [
      "a default button",
      <Button component="a" href="/#cars" size="lg" variant="default">
        See All Cars
      </Button>,
      <a href="/#cars" {...buttonLook({ size: "lg", variant: "default" })}>
        <ButtonInner>See All Cars</ButtonInner>
      </a>,
    ],
    [
      "a subtle gray compact button with only an icon",
      <Button variant="subtle" color="gray" size="compact-sm" aria-label="Online" leftSection={icon} />,
      <button
        type="button"
        {...buttonLook({ variant: "subtle", color: "gray", size: "compact-sm", withLeftSection: true })}
        aria-label="Online"
      >
        <ButtonInner leftSection={icon} />
      </button>,
    ],
    [
      "a light full-width button",
      <Button variant="light" size="md" fullWidth className="x" leftSection={icon}>
        Install app
      </Button>,
      <button
        type="button"
        {...buttonLook({
          variant: "light",
          size: "md",
          fullWidth: true,
          className: "x",
          withLeftSection: true,
        })}
      >
        <ButtonInner leftSection={icon}>Install app</ButtonInner>
      </button>,
    ],
    [
      "a button with a margin",
      <Button mt="xl" size="md">
        Try again
      </Button>,
      <button
        type="button"
        {...buttonLook({ size: "md", style: { marginTop: "var(--mantine-spacing-xl)" } })}
      >
        <ButtonInner>Try again</ButtonInner>
      </button>,
    ],
    [
      "an action icon",
      <ActionIcon variant="default" size="lg" radius="md" aria-label="Switch">
        {icon}
      </ActionIcon>,
      <button type="button" {...actionIconLook()} aria-label="Switch">
        <ActionIconInner>{icon}</ActionIconInner>
      </button>,
    ],
    [
      "a closed burger",
      <Burger className="x" opened={false} size="sm" aria-label="Open menu" />,
      <button type="button" {...burgerLook({ className: "x", opened: false })} aria-label="Open menu" />,
    ],
    [
      "an open burger",
      <Burger opened size="sm" />,
      <button type="button" {...burgerLook({ opened: true })} />,
    ],
    [
      "a small orange badge",
      <MantineBadge size="xs" variant="light" color="orange" className="x">
        Coming Soon
      </MantineBadge>,
      <Badge size="xs" color="orange" className="x">
        Coming Soon
      </Badge>,
    ],
    [
      "a large round badge",
      <MantineBadge variant="light" size="lg" radius="xl">
        Alaminos City
      </MantineBadge>,
      <Badge size="lg" color="brand" radius="xl">
        Alaminos City
      </Badge>,
    ],
    [
      "a container with padding",
      <MantineContainer size="lg" py={56}>
        x
      </MantineContainer>,
      <Container style={{ paddingBlock: "calc(3.5rem * var(--mantine-scale))" }}>x</Container>,
    ],
    [
      "a small container",
      <MantineContainer size="sm" className="x">
        x
      </MantineContainer>,
      <Container size="sm" className="x">
        x
      </Container>,
    ],
    [
      "dimmed large text",
      <MantineText c="dimmed" size="lg" className="x">
        x
      </MantineText>,
      <Text dimmed size="lg" className="x">
        x
      </Text>,
    ],
    [
      "dimmed small text with a margin",
      <MantineText size="sm" c="dimmed" mt={4}>
        x
      </MantineText>,
      <Text size="sm" dimmed style={{ marginTop: "calc(0.25rem * var(--mantine-scale))" }}>
        x
      </Text>,
    ],
    [
      "bold text",
      <MantineText fw={800} fz="lg">
        x
      </MantineText>,
      <Text style={{ fontSize: "var(--mantine-font-size-lg)", fontWeight: 800 }}>x</Text>,
    ],
    [
      "a page heading",
      <MantineTitle order={1} id="h" className="x">
        x
      </MantineTitle>,
      <Title order={1} id="h" className="x">
        x
      </Title>,
    ],
    ["a section heading", <MantineTitle order={2}>x</MantineTitle>, <Title order={2}>x</Title>],
    ["a stack", <MantineStack gap="sm">x</MantineStack>, <Stack>x</Stack>],
    ["a stack with a larger gap", <MantineStack gap="lg">x</MantineStack>, <Stack gap="lg">x</Stack>],
    ["a stack with a gap in pixels", <MantineStack gap={4}>x</MantineStack>, <Stack gap={4}>x</Stack>],
    [
      "a medium container with padding",
      <MantineContainer size="md" py="xl">
        x
      </MantineContainer>,
      <Container size="md" style={{ paddingBlock: "var(--mantine-spacing-xl)" }}>
        x
      </Container>,
    ],
    [
      "a group with a margin",
      <MantineGroup gap="sm" mt="xl" className="x">
        x
      </MantineGroup>,
      <Group style={{ marginTop: "var(--mantine-spacing-xl)" }} className="x">
        x
      </Group>,
    ],
    [
      "an anchor",
      <Anchor href="/map" className="x">
        x
      </Anchor>,
      <a href="/map" {...anchorLook({ className: "x" })}>
        x
      </a>,
    ],
    [
      "visually hidden text",
      <MantineVisuallyHidden>x</MantineVisuallyHidden>,
      <VisuallyHidden>x</VisuallyHidden>,
    ],
  ])("%s", (_name, mantine, light) => {
    expect(normalizedMarkup(light)).toBe(normalizedMarkup(mantine));
  });
});
