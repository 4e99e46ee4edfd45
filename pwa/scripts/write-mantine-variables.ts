import { writeFileSync } from "node:fs";
import { renderMantineThemeVariables } from "../src/lib/mantine-theme-variables";

writeFileSync(
  new URL("../src/styles/mantine-theme-variables.css", import.meta.url),
  renderMantineThemeVariables(),
);
console.info("wrote pwa/src/styles/mantine-theme-variables.css");
