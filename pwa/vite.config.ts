import { fileURLToPath } from "node:url";
import { tanstackRouter } from "@tanstack/router-plugin/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { VitePWA } from "vite-plugin-pwa";
import { carPictures } from "./vite-plugins/car-pictures.ts";
import { prerender } from "./vite-plugins/prerender.ts";

const root = fileURLToPath(new URL(".", import.meta.url));
const carPicturesDir = fileURLToPath(new URL("../db/assets/cars/", import.meta.url));

export default defineConfig({
  root,
  plugins: [
    // Must run before the React plugin: it generates src/routeTree.gen.ts and splits route chunks.
    tanstackRouter({
      target: "react",
      autoCodeSplitting: true,
      routesDirectory: "./src/routes",
      generatedRouteTree: "./src/routeTree.gen.ts",
      routeFileIgnorePattern: "\\.test\\.",
    }),
    react(),
    carPictures({ sourceDir: carPicturesDir, urlPrefix: "/cars/" }),
    // Writes the static pages' HTML (index.html, booking/, pcc/, terms/, privacy/) before
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
    // A lazy chunk's JS dependencies load through the browser's own module graph rather than a
    // <link rel=modulepreload> each, added all at once when the chunk is requested (a 20-60 ms task
    // on a slow phone for the booking form's twenty chunks). Its CSS is still loaded first.
    modulePreload: {
      resolveDependencies: (_file, deps, { hostType }) => (hostType === "html" ? deps : []),
    },
  },
});
