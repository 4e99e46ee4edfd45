import { readFileSync } from "node:fs";
import type { Plugin } from "vite";

/**
 * One import of a library module, answered in the browser build by other
 * code: `importer` (a pattern on module ids) imports `source`, and gets the
 * module `code(realId)` returns instead (realId: what `source` resolved to).
 */
export type LibraryImport = {
  importer: RegExp;
  source: string;
  code: (realId: string) => string;
};

const PREFIX = "\0library-import:";

/** `export const a = …` and `export function b(` → ["a", "b"]. */
export function exportedNames(code: string): string[] {
  return [...code.matchAll(/^export\s+(?:const|let|function)\s+([\w$]+)/gm)].map((match) => match[1] ?? "");
}

/**
 * Replaces a few imports inside libraries whose code the app never runs but
 * whose bytes every page would load: a module belongs to one chunk whatever
 * page uses which of its exports, so one import can pull a whole library into
 * the public pages. Browser build only (not the prerender's server build).
 * The build fails when an importer no longer makes its import (a library
 * update), so a replacement never silently stops applying.
 */
export function libraryImports(imports: readonly LibraryImport[]): Plugin {
  const applied = new Set<LibraryImport>();
  const importersSeen = new Set<LibraryImport>();
  return {
    name: "car-rental:library-imports",
    enforce: "pre",
    apply: (_config, env) => env.command === "build" && !env.isSsrBuild,
    buildStart() {
      applied.clear();
      importersSeen.clear();
    },
    async resolveId(source, importer) {
      if (!importer) return null;
      const candidates = imports.filter((candidate) => candidate.importer.test(importer));
      candidates.forEach((candidate) => importersSeen.add(candidate));
      const entry = candidates.find((candidate) => candidate.source === source);
      if (!entry) return null;
      const real = await this.resolve(source, importer, { skipSelf: true });
      if (!real) return null;
      applied.add(entry);
      return `${PREFIX}${imports.indexOf(entry)}:${real.id}`;
    },
    load(id) {
      if (!id.startsWith(PREFIX)) return null;
      const [index = "", ...rest] = id.slice(PREFIX.length).split(":");
      const entry = imports[Number(index)];
      return entry ? { code: entry.code(rest.join(":")), moduleSideEffects: false } : null;
    },
    buildEnd(error) {
      if (error) return;
      for (const entry of importersSeen) {
        if (!applied.has(entry)) {
          this.error(
            `library-imports: ${entry.importer} no longer imports "${entry.source}"; update vite.config.ts`,
          );
        }
      }
    },
  };
}

/**
 * A module standing for `realId`: the names in `keep` come from it, every
 * other name it exports is a function that throws (code the browser never
 * runs); with `factories`, a function returning such a function (the library
 * builds a method up front and calls it later, e.g. zod's `~standard`).
 */
export function throwingExports(
  realId: string,
  keep: readonly string[],
  what: string,
  { factories = false } = {},
): string {
  const names = exportedNames(readFileSync(realId, "utf8")).filter((name) => !keep.includes(name));
  const kept = keep.length > 0 ? `export { ${keep.join(", ")} } from ${JSON.stringify(realId)};\n` : "";
  return (
    kept +
    `function unavailable() { throw new Error(${JSON.stringify(`${what} is not part of the browser build`)}); }\n` +
    names
      .map((name) => `export const ${name} = ${factories ? "() => unavailable" : "unavailable"};`)
      .join("\n")
  );
}

/** A module exporting `name`, a component that throws when rendered (a library's component the app never renders). */
export function throwingComponent(name: string, what: string): string {
  return `export function ${name}() { throw new Error(${JSON.stringify(`${what} is not part of the browser build`)}); }\n`;
}
