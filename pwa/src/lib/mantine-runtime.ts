/**
 * Mantine's run time (Box, style props, the styles API) with the components
 * most pages' content uses. The first view of the home page has none of it
 * (lib/light-ui.tsx); its sections load it first, in a task of its own
 * (loadMantine in lib/data-libraries.ts), so that evaluating it does not
 * lengthen the task that evaluates and hydrates a section.
 */
export { Badge, Button, Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from "@mantine/core";
