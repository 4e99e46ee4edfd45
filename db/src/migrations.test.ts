import { readFileSync, readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { migrations } from "./migrations";

const folder = fileURLToPath(new URL("../migrations/", import.meta.url));
const migrationFiles = readdirSync(folder)
  .filter((file) => file.endsWith(".ts") && !file.endsWith(".test.ts"))
  .sort();

describe("migration files", () => {
  it("are all listed, oldest first", () => {
    expect(migrations.map((migration) => `${migration.name}.ts`)).toEqual(migrationFiles);
  });

  // A migration records history: importing a live constant (a turnaround, a
  // time zone, an alphabet) would change what an old migration did when the
  // constant changes. Values are written into the file; a change is a new migration.
  it("import nothing but knex's types", () => {
    for (const file of migrationFiles) {
      const source = readFileSync(`${folder}${file}`, "utf8");
      const imports = [...source.matchAll(/^\s*(import|export)\b[^;]*?from\s+["']([^"']+)["']/gms)].map(
        (match) => `${match[1]} ${match[2]}`,
      );
      const dynamic = [...source.matchAll(/\b(import|require)\s*\(/g)];
      expect({ file, imports, dynamic: dynamic.length }).toEqual({
        file,
        imports: ["import knex"],
        dynamic: 0,
      });
      expect(source, file).toMatch(/^import type \{[^}]*\} from "knex";/m);
    }
  });
});
