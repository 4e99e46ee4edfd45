/**
 * The pages whose HTML is rendered at build time (vite-plugins/prerender.ts),
 * each to `<path>/index.html` ("/" to index.html). Every other address (the
 * admin area, a 404) is served the home page's file and rendered in the browser.
 */
export const PRERENDERED_PATHS = ["/", "/booking", "/my-booking", "/pcc", "/terms", "/privacy"] as const;

export type PrerenderedPath = (typeof PRERENDERED_PATHS)[number];

/** The file, relative to the build folder, holding a prerendered page. */
export function prerenderedFile(path: PrerenderedPath): string {
  return path === "/" ? "index.html" : `${path.slice(1)}/index.html`;
}

/** The name of the <meta> that records which page a built HTML file holds. */
export const PRERENDERED_PATH_META = "prerendered-path";
