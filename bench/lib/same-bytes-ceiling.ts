import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { BROWSER_ACCEPT_ENCODING } from "../api-bench";
import { captureAnswer, serialiseCapturedAnswer } from "./captured-answer";
import { benchSettings } from "./env";
import { measure, type LoadResult } from "./load";
import { startProcess } from "./server";

/**
 * The ceiling issue #23 asks for: `GET /api/cars` as the running server
 * answers a browser (its compressed bytes and all its headers) captured once,
 * then served by a bare Koa app on every request and measured the same way.
 */
export async function benchSameBytesCeiling(
  serverUrl: string,
  port: number,
): Promise<{ ceiling: LoadResult; size: number }> {
  const answer = await captureAnswer(`${serverUrl}/api/cars`, BROWSER_ACCEPT_ENCODING);
  const dir = mkdtempSync(path.join(os.tmpdir(), "bench-ceiling-"));
  const file = path.join(dir, "answer.json");
  writeFileSync(file, serialiseCapturedAnswer(answer));
  try {
    const ceilingServer = await startProcess("bench/lib/bare-koa.ts", port, {
      CEILING_ANSWER_FILE: file,
    });
    try {
      const ceiling = await measure({
        url: `${ceilingServer.url}/api/cars`,
        headers: BROWSER_ACCEPT_ENCODING,
        durationSeconds: benchSettings.seconds,
      });
      return { ceiling, size: answer.body.length };
    } finally {
      await ceilingServer.stop();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
