import type { Plugin } from "vite";

/**
 * One output chunk: the modules statically reachable from `roots` that no
 * earlier group took; with `sharedWith`, only those also reachable from
 * those modules (what two kinds of pages have in common). Roots are matched
 * against module ids.
 */
export type ChunkGroup = {
  name: string;
  roots: readonly (string | RegExp)[];
  sharedWith?: readonly (string | RegExp)[];
};

type Graph = Map<string, readonly string[]>;

const matches = (id: string, pattern: string | RegExp) =>
  typeof pattern === "string" ? id.includes(pattern) : pattern.test(id);

/** The modules statically reachable from the modules matching `roots`. */
function closure(graph: Graph, roots: readonly (string | RegExp)[]): Set<string> {
  const reached = new Set<string>();
  const stack = [...graph.keys()].filter((id) => roots.some((root) => matches(id, root)));
  while (stack.length > 0) {
    const id = stack.pop();
    if (id === undefined || reached.has(id)) continue;
    reached.add(id);
    stack.push(...(graph.get(id) ?? []));
  }
  return reached;
}

const ENTRY = "\0entry";

/** Each module's group: the first group whose modules (see ChunkGroup) it is among. */
export function assignGroups(
  graph: Graph,
  groups: readonly ChunkGroup[],
  entry: readonly (string | RegExp)[] = [],
): Map<string, string> {
  // What the entry imports statically stays in the entry chunk: no group may own it (the entry would import the group).
  const owner = new Map<string, string>([...closure(graph, entry)].map((id) => [id, ENTRY]));
  for (const group of groups) {
    const shared = group.sharedWith ? closure(graph, group.sharedWith) : null;
    for (const id of closure(graph, group.roots)) {
      if (!owner.has(id) && (shared === null || shared.has(id))) owner.set(id, group.name);
    }
  }
  for (const [id, name] of owner) if (name === ENTRY) owner.delete(id);
  return owner;
}

/** What the bundle knows of a module: its code and the ids its static imports resolved to. */
export type ModuleFacts = { code: string | null; importedIds: readonly string[] };

const NAMED_IMPORT = /import\s*\{([^}]*)\}\s*from\s*["']([^"']+)["']/g;
const NAMED_REEXPORT = /export\s*\{([^}]*)\}\s*from\s*["']([^"']+)["']/g;
const DEFAULT_IMPORT = /import\s+(?:\*\s*as\s+)?([\w$]+)\s+from\s*["']([^"']+)["']/g;
const LOCAL_EXPORT = /export\s*\{([^}]*)\}\s*;/g;

/** `a, b as c, type d` → [[a, a], [b, c]] (imported name, local name). */
function specifiers(list: string): [string, string][] {
  return list
    .split(",")
    .map((part) => part.trim())
    .filter((part) => part !== "" && !part.startsWith("type "))
    .map((part) => {
      const [name = "", alias] = part.split(/\s+as\s+/);
      return [name.trim(), (alias ?? name).trim()];
    });
}

/** Code with only imports and re-exports (a package's index), no code of its own. */
function isBarrel(code: string): boolean {
  const statements = code
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .replace(/\/\/.*$/gm, "")
    .replace(/["']use client["'];?/g, "")
    .split(";")
    .map((statement) => statement.trim())
    .filter((statement) => statement !== "");
  return (
    statements.length > 0 && statements.every((statement) => /^(import\b|export\s*[{*])/.test(statement))
  );
}

/** The module `specifier` resolved to from `from`: a relative path, or a package among `importedIds`. */
function resolveFrom(from: string, specifier: string, importedIds: readonly string[]): string | null {
  if (specifier.startsWith(".")) {
    const path = new URL(specifier, `file://${from}`).pathname;
    // An import without its extension ('./Combination') names the file the bundler resolved it to.
    return (
      importedIds.find((id) => id === path || id.startsWith(`${path}.`) || id.startsWith(`${path}/index.`)) ??
      path
    );
  }
  return importedIds.find((id) => id.includes(`/node_modules/${specifier}/`)) ?? null;
}

/** Where a barrel's export comes from: a module, and the name it has there. */
type Origin = { source: string; name: string };

/** A barrel's exported names and where each comes from (null: it cannot tell, e.g. `export *`). */
export function barrelExports(id: string, facts: ModuleFacts): Map<string, Origin> | null {
  const code = facts.code ?? "";
  if (/export\s*\*/.test(code)) return null;
  const resolve = (specifier: string) => resolveFrom(id, specifier, facts.importedIds);
  const locals = new Map<string, Origin>();
  for (const match of code.matchAll(NAMED_IMPORT)) {
    const source = resolve(match[2] ?? "");
    if (source === null) return null;
    for (const [name, local] of specifiers(match[1] ?? "")) locals.set(local, { source, name });
  }
  for (const match of code.matchAll(DEFAULT_IMPORT)) {
    const source = resolve(match[2] ?? "");
    if (source === null) return null;
    locals.set(match[1] ?? "", { source, name: "default" });
  }
  const exported = new Map<string, Origin>();
  for (const match of code.matchAll(NAMED_REEXPORT)) {
    const source = resolve(match[2] ?? "");
    if (source === null) return null;
    for (const [name, alias] of specifiers(match[1] ?? "")) exported.set(alias, { source, name });
  }
  for (const match of code.matchAll(LOCAL_EXPORT)) {
    for (const [local, name] of specifiers(match[1] ?? "")) {
      const origin = locals.get(local);
      if (origin === undefined) return null;
      exported.set(name, origin);
    }
  }
  return exported;
}

/**
 * The modules each module needs: its static imports, where an import of
 * named exports from a package's index (`import { Button } from
 * "@mantine/core"`) counts as importing the modules those exports come from,
 * not the index and with it every module of the package.
 */
export function moduleGraph(modules: ReadonlyMap<string, ModuleFacts>): Graph {
  const barrels = new Map<string, Map<string, Origin>>();
  for (const [id, facts] of modules) {
    if (!id.includes("/node_modules/") || facts.code === null || !isBarrel(facts.code)) continue;
    const exported = barrelExports(id, facts);
    if (exported) barrels.set(id, exported);
  }
  /** The module an export of a barrel is defined in (through barrels re-exporting barrels). */
  const origin = (barrel: string, name: string): string | undefined => {
    let current: Origin | undefined = { source: barrel, name };
    for (let depth = 0; current && barrels.has(current.source) && depth < 8; depth++) {
      current = barrels.get(current.source)?.get(current.name);
    }
    return current && modules.has(current.source) ? current.source : undefined;
  };
  const graph: Graph = new Map();
  for (const [id, facts] of modules) {
    const edges = new Set<string>();
    for (const imported of facts.importedIds) {
      const names =
        barrels.has(imported) && facts.code !== null ? namesImportedFrom(facts.code, imported) : null;
      const sources = names?.map((name) => origin(imported, name));
      if (sources?.every((source) => source !== undefined)) sources.forEach((source) => edges.add(source));
      else edges.add(imported);
    }
    graph.set(id, [...edges]);
  }
  return graph;
}

/** The names `code` imports (or re-exports) from the package whose index is `barrelId`; null when it takes more (a namespace, a default). */
export function namesImportedFrom(code: string, barrelId: string): string[] | null {
  const names: string[] = [];
  let found = false;
  const fromBarrel = (specifier: string) =>
    !specifier.startsWith(".") && barrelId.includes(`/node_modules/${specifier}/`);
  for (const pattern of [NAMED_IMPORT, NAMED_REEXPORT]) {
    for (const match of code.matchAll(pattern)) {
      if (!fromBarrel(match[2] ?? "")) continue;
      found = true;
      names.push(...specifiers(match[1] ?? "").map(([name]) => name));
    }
  }
  const other = new RegExp(`(import|export)\\s*(\\*|[\\w$]+\\s*(,|from))[^;]*["']([^"']+)["']`, "g");
  for (const match of code.matchAll(other)) {
    if (fromBarrel(match[4] ?? "")) return null;
  }
  return found ? names : null;
}

/**
 * The browser build's chunks, laid out by what a page loads rather than by
 * which set of lazy modules shares each module (Rolldown's default, which
 * gave the home page some 80 script files, many of a few hundred bytes: each
 * a request and a task on a phone). Every group is one file: the start-up
 * steps of main.tsx keep one chunk each (they are evaluated one per task),
 * and so do the libraries src/lib/data-libraries.ts evaluates one by one.
 * Modules no group reaches (the admin area, the outbox engine) keep the
 * default chunking, so the public pages never load them.
 *
 * Applies to the browser build only (not the prerender's server build, nor
 * the service worker's).
 */
export function chunkGroups(entry: string | RegExp, groups: readonly ChunkGroup[]): Plugin {
  let owner: Map<string, string> | null = null;
  return {
    name: "car-rental:chunk-groups",
    apply: (_config, env) => env.command === "build" && !env.isSsrBuild,
    buildEnd() {
      const modules = new Map<string, ModuleFacts>();
      for (const id of this.getModuleIds()) {
        const info = this.getModuleInfo(id);
        modules.set(id, { code: info?.code ?? null, importedIds: info?.importedIds ?? [] });
      }
      owner = assignGroups(moduleGraph(modules), groups, [entry]);
    },
    outputOptions(options) {
      // The service worker's build (vite-plugin-pwa) is a single file.
      if (options.codeSplitting === false || options.inlineDynamicImports === true) return null;
      return {
        ...options,
        codeSplitting: {
          // A group takes exactly its modules (assignGroups), not their dependencies besides.
          includeDependenciesRecursively: false,
          groups: groups.map((group, index) => ({
            name: group.name,
            // Earlier groups first (they own what they reach).
            priority: groups.length - index,
            test: (id: string) => owner?.get(id) === group.name,
          })),
        },
      };
    },
  };
}
