/**
 * Builds what `npm start` needs and is missing or older than its sources:
 * the PWA (`pwa/dist`, vite) and the server (`sync-server/dist/main.js`, one
 * esbuild bundle of the server, db and shared; node_modules stay external).
 * Then `node sync-server/dist/main.js` starts in about a second, without tsx.
 *
 * Several `npm start` in one checkout take turns on a lock, and each build is
 * written to a temporary folder and renamed into place, so a server never
 * sees half a build and two builds never write into one folder.
 */
import { spawn } from "node:child_process";
import { mkdir, readdir, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "esbuild";
import type { Plugin } from "esbuild";
import lockfile from "proper-lockfile";

const root = path.resolve(import.meta.dirname, "../..");
const at = (...parts: string[]) => path.join(root, ...parts);

/** The newest modification time of any file under `paths` (0 when none exists). */
async function newest(paths: string[]): Promise<number> {
  let latest = 0;
  for (const entry of paths) {
    const info = await stat(entry).catch(() => null);
    if (!info) continue;
    if (info.isDirectory()) {
      const children = await readdir(entry);
      latest = Math.max(latest, await newest(children.map((child) => path.join(entry, child))));
    } else {
      latest = Math.max(latest, info.mtimeMs);
    }
  }
  return latest;
}

async function isFresh(output: string, sources: string[]): Promise<boolean> {
  const built = await stat(output).catch(() => null);
  return built !== null && built.mtimeMs >= (await newest(sources));
}

/** Puts `fresh` where `target` is, as one rename (the old build is removed afterwards). */
async function swapInto(fresh: string, target: string): Promise<void> {
  const old = `${target}.old-${process.pid}`;
  await rename(target, old).catch(() => undefined);
  await rename(fresh, target);
  await rm(old, { recursive: true, force: true });
}

function run(command: string, args: string[], cwd: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, stdio: "inherit" });
    child.on("error", reject);
    child.on("exit", (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${args.join(" ")} exited with ${code}`)),
    );
  });
}

const sharedSources = [at("shared/src"), at("package-lock.json")];
const pwaSources = [
  at("pwa/src"),
  at("pwa/public"),
  at("pwa/index.html"),
  at("pwa/vite.config.ts"),
  at("pwa/vite-plugins"),
  ...sharedSources,
];
const serverSources = [at("sync-server/src"), at("db/src"), at("db/migrations"), ...sharedSources];

async function buildPwa(): Promise<void> {
  if (await isFresh(at("pwa/dist/index.html"), pwaSources)) return;
  console.info("building the PWA (pwa/dist)…");
  const temp = at("pwa", `.dist-${process.pid}`);
  await rm(temp, { recursive: true, force: true });
  await run(process.execPath, [at("node_modules/vite/bin/vite.js"), "build", "--outDir", temp], at("pwa"));
  await swapInto(temp, at("pwa/dist"));
}

/**
 * `import.meta.url` in our own sources becomes the source file's URL, so
 * paths next to a source (db's car pictures, the default PWA folder) stay right
 * inside the bundle; packages from node_modules are left to Node.
 */
const ownSourcesAndExternals: Plugin = {
  name: "own-sources",
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith("@car-rental/") ? undefined : { path: args.path, external: true },
    );
    b.onLoad({ filter: /\/(sync-server|db|shared)\/(src|migrations)\/.*\.ts$/ }, async (args) => {
      const { readFile } = await import("node:fs/promises");
      const source = await readFile(args.path, "utf8");
      return {
        contents: source.replaceAll("import.meta.url", JSON.stringify(pathToFileURL(args.path).href)),
        loader: "ts",
      };
    });
  },
};

async function buildServer(): Promise<void> {
  if (await isFresh(at("sync-server/dist/main.js"), serverSources)) return;
  console.info("building the server (sync-server/dist)…");
  const temp = at("sync-server", `.dist-${process.pid}`);
  await rm(temp, { recursive: true, force: true });
  await mkdir(temp, { recursive: true });
  await build({
    entryPoints: {
      main: at("sync-server/src/main.ts"),
      "backup-cli": at("sync-server/src/backup/cli.ts"),
      // The embedded database's thread (db/src/pglite-thread.ts looks for it next to the entry).
      "pglite-worker": at("db/src/pglite-worker.ts"),
    },
    outdir: temp,
    bundle: true,
    // Dynamic imports (the S3 driver) become chunks loaded only when used.
    splitting: true,
    chunkNames: "chunks/[name]-[hash]",
    platform: "node",
    format: "esm",
    target: "node20",
    sourcemap: true,
    logLevel: "warning",
    plugins: [ownSourcesAndExternals],
  });
  await swapInto(temp, at("sync-server/dist"));
}

const release = await lockfile.lock(root, {
  lockfilePath: at(".build.lock"),
  realpath: false,
  stale: 120_000,
  update: 10_000,
  // Another start is building: wait for it (a PWA build takes about 30 s here).
  retries: { retries: 120, minTimeout: 1_000, maxTimeout: 2_000, factor: 1 },
});
try {
  await buildPwa();
  await buildServer();
} finally {
  await release();
}
