// zod compiles fast object parsers with `new Function` when it may, and probes
// for that by trying it once. The site's CSP (script-src 'self') refuses eval,
// and the browser reports the refused probe as a CSP violation even though zod
// catches it. In the browser zod runs without that compiler (`jitless`), set
// before any schema is built: this module is the first import of main.tsx and
// sw.ts. zod keeps its configuration on globalThis, shared by every copy of it,
// so setting it here costs no zod code in the first view's JavaScript.

declare global {
  var __zod_globalConfig: { jitless?: boolean } | undefined;
}

const zodConfig = (globalThis.__zod_globalConfig ??= {});
zodConfig.jitless = true;

export {};
