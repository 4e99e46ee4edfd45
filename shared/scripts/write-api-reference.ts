import { writeFileSync } from "node:fs";
import { renderApiReference } from "../src/api-reference";

writeFileSync(new URL("../../docs/API.md", import.meta.url), renderApiReference());
console.info("wrote docs/API.md");
