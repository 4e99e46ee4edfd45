/**
 * A request with the path sent byte for byte as given. `fetch` normalizes
 * `..`, `%2e%2e` and backslashes before sending, which would hide exactly
 * what a path-traversal test needs to send.
 */
import http from "node:http";

export type RawAnswer = { status: number; headers: http.IncomingHttpHeaders; body: string };

export function rawRequest(
  baseUrl: string,
  method: string,
  rawPath: string,
  options: { headers?: Record<string, string>; body?: string } = {},
): Promise<RawAnswer> {
  const { hostname, port } = new URL(baseUrl);
  // Node frames a GET or DELETE body only with an explicit length (no chunked encoding by default for them).
  const headers =
    options.body === undefined
      ? (options.headers ?? {})
      : { "Content-Length": String(Buffer.byteLength(options.body)), ...options.headers };
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: hostname, port: Number(port), method, path: rawPath, headers },
      (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => {
          body += chunk;
        });
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    if (options.body !== undefined) req.write(options.body);
    req.end();
  });
}
