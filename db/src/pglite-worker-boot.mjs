// Starts pglite-worker.ts in a worker thread when the server runs from its TypeScript sources (tsx,
// vitest): a worker does not inherit the TypeScript loader of the thread that started it.
import { workerData } from "node:worker_threads";

const { tsImport } = await import("tsx/esm/api");
await tsImport(workerData.entry, import.meta.url);
