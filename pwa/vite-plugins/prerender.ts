import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { build, type Plugin, type ResolvedConfig, type Rollup } from "vite";

type PrerenderOptions = {
  /** The server entry (absolute path): exports renderPage, paths, prerenderedFile, PRERENDERED_PATH_META. */
  entry: string;
  /** The Vite config file, reused for the server build so CSS module class names match the client's. */
  configFile: string;
};

/** What the server entry exports (checked at run time: it is loaded from a fresh build). */
type ServerEntry = {
  renderPage: (pagePath: string) => Promise<string>;
  paths: readonly string[];
  prerenderedFile: (pagePath: string) => string;
  PRERENDERED_PATH_META: string;
  takePageTitle: () => string | null;
};

function isServerEntry(value: unknown): value is ServerEntry {
  if (typeof value !== "object" || value === null) return false;
  return (
    "renderPage" in value &&
    typeof value.renderPage === "function" &&
    "paths" in value &&
    Array.isArray(value.paths) &&
    "prerenderedFile" in value &&
    typeof value.prerenderedFile === "function" &&
    "PRERENDERED_PATH_META" in value &&
    typeof value.PRERENDERED_PATH_META === "string" &&
    "takePageTitle" in value &&
    typeof value.takePageTitle === "function"
  );
}

const ROUTER_IS_SERVER = "@tanstack/router-core/isServer";
const ROUTER_IS_SERVER_ID = "\0car-rental:router-is-server";

/**
 * TanStack Router renders another tree on a server (no Suspense around the
 * matches, an inline scroll-restoration script) than in the browser. Its
 * "isServer" module is replaced by the undecided variant, so the router
 * (created with isServer: false) renders the browser's tree, which hydrates.
 */
const routerAsInBrowser: Plugin = {
  name: "car-rental:prerender-router-as-in-browser",
  enforce: "pre",
  resolveId(source) {
    return source === ROUTER_IS_SERVER ? ROUTER_IS_SERVER_ID : null;
  },
  load(id) {
    return id === ROUTER_IS_SERVER_ID
      ? "export const isServer = undefined;\nexport const loadServerRoute = undefined;\n"
      : null;
  },
};

const ROOT_ELEMENT = '<div id="root"></div>';
const SITE_NAME_TITLE = /<title>[^<]*<\/title>/;

function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

const MODULE_SCRIPT = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/;
const MODULE_PRELOAD = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;

/**
 * The page paints from its HTML and CSS alone, so its JavaScript must not
 * compete with them: the entry script and the module preloads Vite wrote (plus
 * the start-up and route chunks) leave the HTML and are started by public/start-app.js
 * once the page has painted.
 */
export function startScriptsAfterPaint(
  html: string,
  pageScripts: readonly string[],
  laterFiles: readonly string[] = [],
): string {
  const entry = MODULE_SCRIPT.exec(html)?.[1];
  if (!entry) throw new Error("index.html has no module entry script");
  const preloads = [...html.matchAll(MODULE_PRELOAD)].map((match) => match[1] ?? "");
  const scripts = [...new Set([...preloads, ...pageScripts])];
  const later = laterFiles.length > 0 ? ` ${LATER_ATTRIBUTE}="${laterFiles.join(" ")}"` : "";
  const start = `<script defer src="/start-app.js" data-entry="${entry}" data-preload="${scripts.join(" ")}"${later}></script>`;
  return html
    .replace(MODULE_SCRIPT, "")
    .replace(MODULE_PRELOAD, "")
    .replace("</body>", `  ${start}\n  </body>`);
}

/**
 * The attribute of the start-app script listing the files the page loads
 * later, once its data features start (src/lib/preload-later.ts reads it).
 */
const LATER_ATTRIBUTE = "data-later";

type PageAssets = { scripts: string[]; styles: string[]; later: string[] };

/** Each bundled module's static and lazy imports (module ids), read when the bundle is written. */
type ModuleGraph = Map<string, { importedIds: readonly string[]; dynamicallyImportedIds: readonly string[] }>;

/** main.tsx imports the modules of src/boot/ one per task at start-up: they load with the entry. */
const START_UP_MODULES = "/src/boot/";

/** The module that loads the public pages' data libraries (zod, the schemas, Dexie...) one by one. */
const DATA_LIBRARIES_MODULE = "/src/lib/data-libraries.ts";

/**
 * What a page needs beyond the entry and the module preloads Vite wrote: the
 * start-up chunks (src/boot/) and the page's route chunk, with the chunks they
 * import (to modulepreload), and their CSS (to link, so the prerendered page is
 * styled at first paint instead of when the chunks arrive).
 */
function pageAssets(bundle: Rollup.OutputBundle, graph: ModuleGraph, routeFile: string): PageAssets {
  const chunks = Object.values(bundle).filter((item): item is Rollup.OutputChunk => item.type === "chunk");
  const entry = chunks.find((chunk) => chunk.isEntry);
  if (!entry) return { scripts: [], styles: [], later: [] };
  // In the order main.tsx imports them.
  const startUp = entry.dynamicImports
    .map((file) => bundle[file])
    .filter(
      (chunk): chunk is Rollup.OutputChunk =>
        chunk?.type === "chunk" && chunk.moduleIds.some((id) => id.includes(START_UP_MODULES)),
    );
  // By the modules a chunk holds: a route's component may share its chunk with others (vite-plugins/chunk-groups.ts).
  const route = chunks.find((chunk) =>
    chunk.moduleIds.some((id) => id.includes(routeFile) && id.includes("tsr-split=component")),
  );
  const cssOf = (chunk: Rollup.OutputChunk) => [...(chunk.viteMetadata?.importedCss ?? [])];
  const loadedByEntry = new Set([entry.fileName, ...entry.imports]);
  const linkedStyles = new Set(
    [entry, ...entry.imports.map((file) => bundle[file])].flatMap((chunk) =>
      chunk?.type === "chunk" ? cssOf(chunk) : [],
    ),
  );
  const scripts: string[] = [];
  const styles: string[] = [];
  const addStyles = (chunk: Rollup.OutputChunk) => {
    for (const css of cssOf(chunk)) {
      if (!linkedStyles.has(css) && !styles.includes(css)) styles.push(css);
    }
  };
  const visit = (fileName: string, withStyles: boolean) => {
    if (loadedByEntry.has(fileName) || scripts.includes(fileName)) return;
    const chunk = bundle[fileName];
    if (chunk?.type !== "chunk") return;
    scripts.push(fileName);
    if (withStyles) addStyles(chunk);
    chunk.imports.forEach((file) => visit(file, withStyles));
  };
  // Everything start-up evaluates renders the page frame (header, footer): all of its CSS.
  startUp.forEach((chunk) => visit(chunk.fileName, true));
  if (route) {
    visit(route.fileName, false);
    // Only the route chunk's own CSS: its page frame is what is prerendered; the
    // CSS of the parts it renders later arrives with their JS.
    addStyles(route);
  }
  return {
    scripts,
    styles,
    later: laterFiles(bundle, graph, route, new Set([...loadedByEntry, ...scripts])),
  };
}

/**
 * What the page loads once its data features start: the data libraries
 * (src/lib/data-libraries.ts imports them one after the other) and the
 * sections the route chunk imports lazily, with every chunk and style sheet
 * they import. The browser finds a chunk's imports only once the chunk has
 * arrived, and the libraries are imported in turn, so on a link with seconds
 * of latency these would load in a dozen round trips one after the other;
 * listed, they are all requested at once (and evaluated in their turn).
 */
function laterFiles(
  bundle: Rollup.OutputBundle,
  graph: ModuleGraph,
  route: Rollup.OutputChunk | undefined,
  alreadyLoaded: ReadonlySet<string>,
): string[] {
  const chunkOf = new Map<string, string>();
  for (const item of Object.values(bundle)) {
    if (item.type === "chunk") for (const id of item.moduleIds) chunkOf.set(id, item.fileName);
  }
  // The modules whose lazy imports the page makes by itself: the data libraries' loader, and the
  // route's page (the modules of the route chunk its component imports, e.g. the home page's sections).
  const lazyImporters = [...graph.keys()].filter((id) => id.endsWith(DATA_LIBRARIES_MODULE));
  const routeComponent = route?.moduleIds.find((id) => id.includes("tsr-split=component"));
  const inRoute = new Set(route?.moduleIds ?? []);
  const walk = (id: string) => {
    if (lazyImporters.includes(id) || !inRoute.has(id)) return;
    lazyImporters.push(id);
    graph.get(id)?.importedIds.forEach(walk);
  };
  if (routeComponent) walk(routeComponent);
  const roots = lazyImporters.flatMap((id) =>
    (graph.get(id)?.dynamicallyImportedIds ?? []).flatMap((target) => chunkOf.get(target) ?? []),
  );
  const files: string[] = [];
  const visit = (fileName: string) => {
    if (alreadyLoaded.has(fileName) || files.includes(fileName)) return;
    const chunk = bundle[fileName];
    if (chunk?.type !== "chunk") return;
    files.push(fileName);
    for (const css of chunk.viteMetadata?.importedCss ?? []) if (!files.includes(css)) files.push(css);
    chunk.imports.forEach(visit);
  };
  roots.forEach(visit);
  return files.map((file) => `/${file}`);
}

/**
 * Renders the static pages (the header, footer and each page's content) to
 * HTML at build time, so the first paint does not wait for the JavaScript;
 * main.tsx then hydrates it. After the client build, it builds the server
 * entry with the same config, renders every page of `paths` and writes
 * `<page>/index.html` next to index.html, before vite-plugin-pwa lists the
 * files to precache (its closeBundle runs after this one).
 */
export function prerender({ entry, configFile }: PrerenderOptions): Plugin {
  let config: ResolvedConfig;
  let clientBundle: Rollup.OutputBundle | null = null;
  let graph: ModuleGraph = new Map();
  return {
    name: "car-rental:prerender",
    apply: (_config, env) => env.command === "build" && !env.isSsrBuild,
    configResolved(resolved) {
      config = resolved;
    },
    writeBundle(_options, bundle) {
      clientBundle = bundle;
      graph = new Map();
      for (const item of Object.values(bundle)) {
        if (item.type !== "chunk") continue;
        for (const id of item.moduleIds) {
          const info = this.getModuleInfo(id);
          if (info)
            graph.set(id, {
              importedIds: info.importedIds,
              dynamicallyImportedIds: info.dynamicallyImportedIds,
            });
        }
      }
    },
    closeBundle: {
      sequential: true,
      order: "pre",
      async handler() {
        if (clientBundle === null) return;
        const outDir = path.resolve(config.root, config.build.outDir);
        const serverDir = await mkdtemp(path.join(tmpdir(), "car-rental-prerender-"));
        try {
          await build({
            configFile,
            mode: config.mode,
            logLevel: "warn",
            build: {
              ssr: entry,
              outDir: serverDir,
              emptyOutDir: true,
              copyPublicDir: false,
              rollupOptions: { output: { entryFileNames: "entry-server.mjs" } },
            },
            ssr: { noExternal: true },
            plugins: [routerAsInBrowser],
          });
          const loaded: unknown = await import(pathToFileURL(path.join(serverDir, "entry-server.mjs")).href);
          if (!isServerEntry(loaded)) throw new Error(`${entry} lacks the prerender exports`);
          const template = await readFile(path.join(outDir, "index.html"), "utf8");
          if (!template.includes(ROOT_ELEMENT)) throw new Error(`index.html has no ${ROOT_ELEMENT}`);

          for (const pagePath of loaded.paths) {
            const markup = await loaded.renderPage(pagePath);
            const title = loaded.takePageTitle();
            const routeFile = `src/routes/${pagePath === "/" ? "index" : pagePath.slice(1)}.tsx`;
            const assets = pageAssets(clientBundle, graph, routeFile);
            const styles = assets.styles.map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`);
            let html = startScriptsAfterPaint(
              template
                .replace(
                  "<head>",
                  `<head>\n    <meta name="${loaded.PRERENDERED_PATH_META}" content="${escapeHtml(pagePath)}" />`,
                )
                .replace("</head>", `${styles.join("")}</head>`)
                .replace(ROOT_ELEMENT, `<div id="root">${markup}</div>`),
              assets.scripts.map((file) => `/${file}`),
              assets.later,
            );
            if (title !== null) html = html.replace(SITE_NAME_TITLE, `<title>${escapeHtml(title)}</title>`);
            const file = path.join(outDir, loaded.prerenderedFile(pagePath));
            await mkdir(path.dirname(file), { recursive: true });
            await writeFile(file, html);
          }
          config.logger.info(`prerendered ${loaded.paths.join(", ")}`);
        } finally {
          await rm(serverDir, { recursive: true, force: true });
        }
      },
    },
  };
}
