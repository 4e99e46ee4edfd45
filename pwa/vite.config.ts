import { fileURLToPath } from "node:url";
import { tanstackRouter } from "@tanstack/router-plugin/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { VitePWA } from "vite-plugin-pwa";
import { carPictures } from "./vite-plugins/car-pictures.ts";
import { chunkGroups, type ChunkGroup } from "./vite-plugins/chunk-groups.ts";
import { minifyPublicScripts } from "./vite-plugins/minify-public-scripts.ts";
import { libraryImports, throwingComponent, throwingExports } from "./vite-plugins/library-imports.ts";
import { prerender } from "./vite-plugins/prerender.ts";

const root = fileURLToPath(new URL(".", import.meta.url));

/** The file names of the chunks `names`: groups of PAGE_CHUNKS below, or named by Rollup (the entry, its run time, a route). */
const chunkFiles = (names: readonly string[]) => new RegExp(`(^|/)(${names.join("|")})-[\\w-]{8}\\.js$`);
/** The chunks every page starts with: the entry (with Rollup's run time) and src/boot/'s steps. */
const START_UP = ["index", "rolldown-runtime", "react", "router", "app-shell", "layout"];
/** The data libraries, which lib/data-libraries.ts loads before any feature's own lazy import runs. */
const DATA_LIBRARIES = ["mantine", "constants", "zod", "schemas", "api", "dexie", "forms", "database"];
/** The chunks loaded before any feature's own lazy import runs. */
const LOADED_FIRST = chunkFiles([...START_UP, ...DATA_LIBRARIES]);
/** The start-up chunks, and the route chunks whose lazy imports the prerendered pages request themselves. */
const NO_PRELOAD_LIST = chunkFiles([...START_UP, "home", "booking", "my-booking"]);
/** Each chunk's static imports (file names), filled by the car-rental:static-imports plugin. */
const staticImports = new Map<string, readonly string[]>();

/** The home page's sections with data and forms, and those without (src/features/home/home-page.tsx). */
const HOME_SECTIONS = /\/src\/features\/home\/(fleet|booking|contact-form)-slot\.tsx$/;
const HOME_STATIC = /\/src\/features\/home\/(why-choose-us|about|contact-details)\.tsx$/;
/** The toast viewport, loaded with a page's first toast (src/lib/toast-viewport.ts). */
const NOTIFICATIONS = "/@mantine/notifications/esm/index.mjs";
/** The toasts' store, which the features showing toasts import (src/lib/toast.ts). */
const TOAST_STORE = "/@mantine/notifications/esm/notifications.store.mjs";
/** Everything the home page (and /booking, the same booking form) loads after its first view. */
const HOME_CONTENT = [HOME_SECTIONS, HOME_STATIC, "/src/routes/booking.tsx?tsr-split=component"];
/** My Booking's modules: its first view, and what it loads once used (src/features/my-booking/). */
const MY_BOOKING = /\/src\/features\/my-booking\//;
/** The component chunk of the route(s) `name` (a pattern) of src/routes/. */
const routeComponent = (name: string) => new RegExp(`/src/routes/${name}\\.tsx\\?tsr-split=component$`);
const mergeRefs = fileURLToPath(new URL("./src/lib/merge-refs.ts", import.meta.url));
/** Replaces the compound parts (`name`: the import) a Mantine component module attaches to itself. */
const compoundParts = (component: string, parts: Record<string, string>) =>
  Object.entries(parts).map(([name, source]) => ({
    importer: new RegExp(`/@mantine/core/esm/components/${component}\\.mjs$`),
    source,
    code: () => throwingComponent(name, `Mantine's ${name} as a property of its component`),
  }));
const carPicturesDir = fileURLToPath(new URL("../db/assets/cars/", import.meta.url));

/** A page's script files, in the order it loads them (issue #23: at most 25 files until idle). */
const PAGE_CHUNKS: readonly ChunkGroup[] = [
  // main.tsx's start-up steps, one task each (src/boot/), then the home page's route chunk.
  { name: "react", roots: ["/src/boot/react-dom.ts"] },
  { name: "router", roots: ["/src/boot/router-library.ts"] },
  { name: "app-shell", roots: ["/src/boot/app-shell.ts"] },
  // With the few small modules the prerendered pages' own code shares with the chunks they load
  // later (which would otherwise own them, and load with the page): what loads the data
  // libraries, the browser database's name, and My Booking's words.
  {
    name: "layout",
    roots: [
      "/src/boot/routes.ts",
      "/src/lib/data-libraries.ts",
      "/src/data/database-name.ts",
      "/shared/src/my-booking.ts",
    ],
  },
  { name: "home", roots: ["/src/routes/index.tsx?tsr-split=component"] },
  // Mantine's run time, which the first view does without (src/lib/mantine-runtime.ts).
  { name: "mantine", roots: ["/src/lib/mantine-runtime.ts"] },
  // The business constants (spec §9), which the PCC page and the data libraries both use: apart,
  // so that neither loads the other's chunk.
  { name: "constants", roots: ["/shared/src/constants.ts"] },
  // The data libraries, in the order src/lib/data-libraries.ts evaluates them.
  { name: "zod", roots: ["/shared/src/schemas/common.ts"] },
  { name: "schemas", roots: ["/shared/src/schemas/car.ts", "/shared/src/schemas/booking.ts"] },
  { name: "api", roots: ["/shared/src/api-public.ts"] },
  { name: "dexie", roots: ["/dexie/dist/modern/dexie.min.mjs"] },
  { name: "forms", roots: ["/react-hook-form/"] },
  // The browser database's declaration (every Dexie version since the first): a task of its own.
  { name: "database", roots: ["/src/data/db.ts"] },
  // The toasts' store: small, and apart from the viewport, which only a page showing a toast loads.
  { name: "toast-store", roots: [TOAST_STORE] },
  // What the home page's content has in common with the other public pages: the static ones
  // (PCC, the legal pages: no data libraries), then My Booking (whose page loads most of its
  // code once used: its feature's modules, not only its route's).
  { name: "pages-shared", roots: HOME_CONTENT, sharedWith: [routeComponent("(pcc|terms|privacy)")] },
  { name: "public-shared", roots: HOME_CONTENT, sharedWith: [routeComponent("my-booking"), MY_BOOKING] },
  // The home page's content without data, hydrated from its HTML.
  { name: "home-static", roots: [HOME_STATIC] },
  // The home page's sections with data and forms: the fleet, the booking form, the contact form.
  { name: "sections", roots: [HOME_SECTIONS] },
  // The toast viewport, last: what it shares with the pages' content (Portal, CloseButton…) stays
  // in their chunks, so they do not import it; it loads with a page's first toast (only the pages
  // with data and forms show toasts, and they have loaded those chunks by then).
  { name: "notifications", roots: [NOTIFICATIONS] },
];
// LOADED_FIRST and NO_PRELOAD_LIST name groups of PAGE_CHUNKS: a group renamed here but not there fails the build.
for (const name of [...START_UP, ...DATA_LIBRARIES, "home"]) {
  if (!PAGE_CHUNKS.some((group) => group.name === name) && !["index", "rolldown-runtime"].includes(name)) {
    throw new Error(`vite.config.ts: no chunk group named ${name}`);
  }
}

export default defineConfig({
  root,
  plugins: [
    // Each chunk's static imports, for build.modulePreload below (read before Vite lists the preloads).
    {
      name: "car-rental:static-imports",
      enforce: "pre",
      generateBundle(_options, bundle) {
        staticImports.clear();
        for (const item of Object.values(bundle)) {
          if (item.type === "chunk") staticImports.set(item.fileName, item.imports);
        }
      },
    },
    // Must run before the React plugin: it generates src/routeTree.gen.ts and splits route chunks.
    tanstackRouter({
      target: "react",
      autoCodeSplitting: true,
      routesDirectory: "./src/routes",
      generatedRouteTree: "./src/routeTree.gen.ts",
      routeFileIgnorePattern: "\\.test\\.",
    }),
    react(),
    libraryImports([
      // ScrollArea (the public pages' tables) takes only useMergeRefs from @floating-ui/react; that
      // module (with the positioning code the admin area's popovers use) would come with it.
      {
        importer: /\/@mantine\/core\/esm\/components\/ScrollArea\/ScrollArea\.mjs$/,
        source: "@floating-ui/react",
        code: () => `export { useMergeRefs } from ${JSON.stringify(mergeRefs)};`,
      },
      // Every route object carries a `Route.Link` component, which brings the router's whole <Link>
      // (props, preloading, active state) into the first view; the app's links are plain anchors.
      {
        importer: /\/@tanstack\/react-router\/dist\/esm\/route\.js$/,
        source: "./link.js",
        code: () => throwingComponent("Link", "The router's <Link>"),
      },
      // The theme's CSS variables are a stylesheet (src/styles/mantine-theme-variables.css), so
      // MantineProvider (withCssVariables={false}, src/lib/providers.tsx) never renders the component
      // computing them; its code (the default resolver, colour functions) stays out of the first view.
      {
        importer: /\/@mantine\/core\/esm\/core\/MantineProvider\/MantineProvider\.mjs$/,
        source: "./MantineCssVariables/MantineCssVariables.mjs",
        code: () => throwingComponent("MantineCssVariables", "Mantine's run-time CSS variables"),
      },
      // A Mantine component carries its compound parts as properties (Checkbox.Card, Table.ScrollContainer),
      // so each page using it would load them all; the app does not use these through the properties
      // (the admin area imports TableScrollContainer, with its ScrollArea, by name).
      ...compoundParts("Table/Table", { TableScrollContainer: "./TableScrollContainer.mjs" }),
      ...compoundParts("Checkbox/Checkbox", {
        CheckboxCard: "./CheckboxCard/CheckboxCard.mjs",
        CheckboxIndicator: "./CheckboxIndicator/CheckboxIndicator.mjs",
      }),
      ...compoundParts("Radio/Radio", {
        RadioCard: "./RadioCard/RadioCard.mjs",
        RadioIndicator: "./RadioIndicator/RadioIndicator.mjs",
      }),
      // The Loader's other looks (bars, dots): the app's loaders are the theme's default, oval.
      {
        importer: /\/@mantine\/core\/esm\/components\/Loader\/Loader\.mjs$/,
        source: "./loaders/Bars.mjs",
        code: () => throwingComponent("Bars", "Mantine's bars loader"),
      },
      {
        importer: /\/@mantine\/core\/esm\/components\/Loader\/Loader\.mjs$/,
        source: "./loaders/Dots.mjs",
        code: () => throwingComponent("Dots", "Mantine's dots loader"),
      },
      // Every zod schema can describe itself as JSON Schema; the app never asks (shared/src/api-reference.ts
      // does, in Node), so the browser keeps only the checks' summary (schema.minLength and the like).
      {
        importer: /\/zod\/v4\/classic\/schemas\.js$/,
        source: "../core/json-schema-processors.js",
        code: (real) => throwingExports(real, ["aggregateChecks"], "JSON Schema"),
      },
      {
        importer: /\/zod\/v4\/classic\/schemas\.js$/,
        source: "../core/to-json-schema.js",
        code: (real) => throwingExports(real, [], "JSON Schema", { factories: true }),
      },
    ]),
    carPictures({ sourceDir: carPicturesDir, urlPrefix: "/cars/" }),
    // A page's script files, in the order it loads them (issue #23: at most 25 files until idle).
    chunkGroups("/src/main.tsx", PAGE_CHUNKS),
    // The scripts every page loads before the app (public/), without their comments.
    minifyPublicScripts(["theme-init.js", "start-app.js"]),
    // Writes the static pages' HTML (index.html, booking/, my-booking/, pcc/, terms/, privacy/) before
    // vite-plugin-pwa lists the files to precache.
    prerender({
      entry: fileURLToPath(new URL("./src/lib/prerender/entry-server.tsx", import.meta.url)),
      configFile: fileURLToPath(import.meta.url),
    }),
    VitePWA({
      strategies: "injectManifest",
      srcDir: "src",
      filename: "sw.ts",
      registerType: "prompt",
      injectRegister: false,
      injectManifest: {
        // The shell, every route chunk, the icons and the bundled car pictures work offline after one visit.
        globPatterns: ["**/*.{js,css,html,svg,png,webp,ico,webmanifest,txt}"],
        // The pages show the cars' WebP renderings; the drawings stay on the server for whoever asks.
        globIgnores: ["cars/*.svg"],
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
      },
      manifest: {
        id: "/",
        name: "Alaminos Car Rental",
        short_name: "Alaminos Rental",
        description:
          "Premium car rental in Alaminos City, Pangasinan. Browse 20+ vehicles, with or without a professional driver, and book online.",
        lang: "en",
        theme_color: "#0b6a80",
        background_color: "#f6f9fb",
        display: "standalone",
        orientation: "any",
        start_url: "/",
        scope: "/",
        categories: ["travel", "business"],
        icons: [
          { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
          { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
          { src: "/icons/maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
        ],
      },
      devOptions: { enabled: false, type: "module" },
    }),
  ],
  resolve: {
    alias: [
      // Dexie's default ESM entry wraps its ES5 UMD build in a CommonJS shim; the browser gets its
      // modern ES module instead (same version and API; less code to parse and run on each page load).
      { find: /^dexie$/, replacement: "dexie/dist/modern/dexie.min.mjs" },
      // Likewise workbox-window (the service worker's registration): its ES module build is
      // transpiled to ES5; the package also ships the modern one (same version and API, 40% smaller).
      { find: /^workbox-window$/, replacement: "workbox-window/build/workbox-window.prod.mjs" },
      // The router's store selects with use-sync-external-store's shim, written for React before 18;
      // React 19 has useSyncExternalStore, which the package's own variant uses (same API, less code).
      {
        find: /^use-sync-external-store\/shim\/with-selector$/,
        replacement: "use-sync-external-store/with-selector",
      },
    ],
  },
  server: {
    proxy: {
      "/api": "http://localhost:3000",
      "/objects": "http://localhost:3000",
    },
  },
  build: {
    target: "es2022",
    sourcemap: false,
    // A lazy chunk's JS dependencies are preloaded with it (a <link rel=modulepreload> each, skipped
    // for a file already linked) for the lazy imports of the features' own chunks (a dialog, the
    // confirmation), less the chunks always loaded by then: the browser finds a chunk's imports only
    // once the chunk has arrived, one round trip per level (on a link with 2 s of latency, the
    // upload dialog took 12 s instead of 4). The lazy imports of the start-up chunks and of the
    // public pages' route chunks (home, booking, my-booking) get none: their lists would weigh on
    // every first view, and the prerendered pages request what they load later themselves, one file
    // per task (lib/preload-later.ts; twenty links added at once were a 20-60 ms task on a slow phone).
    modulePreload: {
      resolveDependencies: (file, deps, { hostId, hostType }) => {
        if (hostType === "html") return deps;
        // The outbox's engine is imported when changes wait, often offline: nothing to gain.
        if (NO_PRELOAD_LIST.test(hostId) || /(^|\/)sync-engine-/.test(file)) return [];
        // What the importing chunk imports statically is loaded already.
        const loaded = new Set<string>();
        const visit = (chunk: string) => {
          if (loaded.has(chunk)) return;
          loaded.add(chunk);
          staticImports.get(chunk)?.forEach(visit);
        };
        visit(hostId);
        return deps.filter((dep) => !loaded.has(dep) && !LOADED_FIRST.test(dep));
      },
    },
  },
});
