import { describe, expect, it } from "vitest";
import { assignGroups, moduleGraph, type ModuleFacts } from "../../vite-plugins/chunk-groups";

const LIB = "/repo/node_modules/lib/esm";
const barrel: ModuleFacts = {
  code: [
    `import { Button } from "./Button.mjs";`,
    `import { Popover as Pop } from "./Popover.mjs";`,
    `export { Card } from "./Card";`,
    `export { Button, Pop as Popover };`,
  ].join("\n"),
  importedIds: [`${LIB}/Button.mjs`, `${LIB}/Popover.mjs`, `${LIB}/Card.mjs`],
};

function facts(code: string, importedIds: string[]): ModuleFacts {
  return { code, importedIds };
}

const modules = new Map<string, ModuleFacts>([
  [`${LIB}/index.mjs`, barrel],
  [`${LIB}/Button.mjs`, facts("export const Button = 1;", [])],
  [
    `${LIB}/Popover.mjs`,
    facts(`import { f } from "./floating.mjs"; export const Popover = f;`, [`${LIB}/floating.mjs`]),
  ],
  [`${LIB}/floating.mjs`, facts("export const f = 1;", [])],
  [`${LIB}/Card.mjs`, facts("export const Card = 1;", [])],
  ["/repo/src/main.tsx", facts(`import { util } from "./util";`, ["/repo/src/util.ts"])],
  ["/repo/src/util.ts", facts("export const util = 1;", [])],
  [
    "/repo/src/home.tsx",
    facts(`import { Button, Card } from "lib";\nimport { util } from "./util";`, [
      `${LIB}/index.mjs`,
      "/repo/src/util.ts",
    ]),
  ],
  ["/repo/src/admin.tsx", facts(`import { Popover } from "lib";`, [`${LIB}/index.mjs`])],
  ["/repo/src/everything.tsx", facts(`import * as lib from "lib";`, [`${LIB}/index.mjs`])],
  [
    "/repo/src/page.tsx",
    facts(`import { Card } from "lib";\nimport { shared } from "./shared";`, [
      `${LIB}/index.mjs`,
      "/repo/src/shared.ts",
    ]),
  ],
  ["/repo/src/shared.ts", facts("export const shared = 1;", [])],
  [
    "/repo/src/sections.tsx",
    facts(`import { shared } from "./shared";\nimport { Button } from "lib";`, [
      "/repo/src/shared.ts",
      `${LIB}/index.mjs`,
    ]),
  ],
]);

describe("chunk groups (vite-plugins/chunk-groups.ts)", () => {
  it("counts named imports from a package's index as imports of the modules defining them", () => {
    const graph = moduleGraph(modules);
    expect(graph.get("/repo/src/home.tsx")).toEqual([
      `${LIB}/Button.mjs`,
      `${LIB}/Card.mjs`,
      "/repo/src/util.ts",
    ]);
    // An export renamed in the index is found under its own name.
    expect(graph.get("/repo/src/admin.tsx")).toEqual([`${LIB}/Popover.mjs`]);
    // A namespace import takes the whole index.
    expect(graph.get("/repo/src/everything.tsx")).toEqual([`${LIB}/index.mjs`]);
  });

  it("gives each group what its roots reach and no earlier group took, leaving the entry's imports alone", () => {
    const owner = assignGroups(
      moduleGraph(modules),
      [
        { name: "home", roots: ["/repo/src/home.tsx"] },
        { name: "common", roots: ["/repo/src/sections.tsx"], sharedWith: ["/repo/src/page.tsx"] },
        { name: "sections", roots: ["/repo/src/sections.tsx"] },
      ],
      ["/repo/src/main.tsx"],
    );
    expect(owner.get("/repo/src/home.tsx")).toBe("home");
    expect(owner.get(`${LIB}/Button.mjs`)).toBe("home");
    expect(owner.get(`${LIB}/Card.mjs`)).toBe("home");
    // The entry imports it: it stays in the entry's chunk.
    expect(owner.has("/repo/src/util.ts")).toBe(false);
    // What the sections share with the page, apart from what only the sections need.
    expect(owner.get("/repo/src/shared.ts")).toBe("common");
    expect(owner.get("/repo/src/sections.tsx")).toBe("sections");
    // Reached only from modules no group names: default chunking.
    expect(owner.has(`${LIB}/Popover.mjs`)).toBe(false);
    expect(owner.has(`${LIB}/floating.mjs`)).toBe(false);
  });
});
