import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { BROWSER_ACCEPT_ENCODING } from "../api-bench";
import { captureAnswer, serialiseCapturedAnswer } from "./captured-answer";
import { benchSettings } from "./env";
import { measure, type LoadResult } from "./load";
import { startProcess } from "./server";

/** A running same-bytes ceiling: measure it as often as needed, then stop it. */
export type SameBytesCeiling = {
  /** The size of the captured answer's body, in bytes. */
  size: number;
  measure(): Promise<LoadResult>;
  stop(): Promise<void>;
};

/**
 * The ceiling issue #23 asks for: `GET /api/cars` as the running server
 * answers a browser (its compressed bytes and all its headers) captured once,
 * then served by a bare Koa app on every request and measured the same way.
 * It keeps running so each public read can be measured right after it (this
 * host's speed drifts by up to 2× within a run).
 */
export async function startSameBytesCeiling(serverUrl: string, port: number): Promise<SameBytesCeiling> {
  const answer = await captureAnswer(`${serverUrl}/api/cars`, BROWSER_ACCEPT_ENCODING);
  const dir = mkdtempSync(path.join(os.tmpdir(), "bench-ceiling-"));
  const file = path.join(dir, "answer.json");
  writeFileSync(file, serialiseCapturedAnswer(answer));
  const removeDir = () => rmSync(dir, { recursive: true, force: true });
  let ceilingServer: Awaited<ReturnType<typeof startProcess>>;
  try {
    ceilingServer = await startProcess("bench/lib/bare-koa.ts", port, { CEILING_ANSWER_FILE: file });
  } catch (error) {
    removeDir();
    throw error;
  }
  return {
    size: answer.body.length,
    measure: () =>
      measure({
        url: `${ceilingServer.url}/api/cars`,
        headers: BROWSER_ACCEPT_ENCODING,
        durationSeconds: benchSettings.seconds,
      }),
    /** Stops the app and removes its file; again, it does nothing. */
    async stop() {
      try {
        await ceilingServer.stop();
      } finally {
        removeDir();
      }
    },
  };
}

/** One measurement of the same-bytes ceiling (bench:profile). */
export async function benchSameBytesCeiling(
  serverUrl: string,
  port: number,
): Promise<{ ceiling: LoadResult; size: number }> {
  const ceiling = await startSameBytesCeiling(serverUrl, port);
  try {
    return { ceiling: await ceiling.measure(), size: ceiling.size };
  } finally {
    await ceiling.stop();
  }
}
