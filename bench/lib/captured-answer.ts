import http from "node:http";

/** An answer of the real server as it went on the wire: its headers and its (still encoded) body. */
export type CapturedAnswer = { headers: Record<string, string>; body: Buffer };

/** Headers the ceiling's own HTTP stack sets itself. */
const TRANSPORT_HEADERS = new Set([
  "date",
  "connection",
  "keep-alive",
  "transfer-encoding",
  "content-length",
]);

/** GETs `url` with `headers` and keeps the body undecoded (fetch would decompress it). */
export function captureAnswer(url: string, headers: Record<string, string>): Promise<CapturedAnswer> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("error", reject);
        res.on("end", () => {
          if (res.statusCode !== 200) {
            reject(new Error(`${url} answered ${res.statusCode}`));
            return;
          }
          const kept: Record<string, string> = {};
          for (const [name, value] of Object.entries(res.headers)) {
            if (value === undefined || TRANSPORT_HEADERS.has(name)) continue;
            kept[name] = Array.isArray(value) ? value.join(", ") : value;
          }
          resolve({ headers: kept, body: Buffer.concat(chunks) });
        });
      })
      .on("error", reject);
  });
}

export function serialiseCapturedAnswer(answer: CapturedAnswer): string {
  return JSON.stringify({ headers: answer.headers, body: answer.body.toString("base64") });
}

export function parseCapturedAnswer(text: string): CapturedAnswer {
  const parsed = JSON.parse(text) as { headers: Record<string, string>; body: string };
  return { headers: parsed.headers, body: Buffer.from(parsed.body, "base64") };
}
