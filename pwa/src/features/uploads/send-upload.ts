/**
 * Sending an upload's bytes to the address `POST /api/objects/upload`
 * answered (decisions.md "Uploads", release-2 A6), for every uploader: a PUT
 * of the file to the server's own `/uploads/<token>` (local storage), or a
 * multipart form POST to a presigned S3 POST (the form's fields, then the
 * file as `file`, last, as S3 requires).
 */
import type { UploadResponse } from "@car-rental/shared/schemas/upload";

/** An address on this site: an absolute one on the page's origin, or a path on it. */
export function isOwnUploadUrl(uploadURL: string, origin: string): boolean {
  if (uploadURL.startsWith("/") && !uploadURL.startsWith("//")) return true;
  return uploadURL.startsWith(`${origin}/`);
}

/**
 * Whether the answer's address may receive the file. A PUT goes only to this
 * site. A presigned POST goes to the shop's bucket, whose origin the page
 * cannot know: it may be this site or an absolute https address (http only
 * when the page itself is on http), and must carry its form fields. The
 * Content-Security-Policy's connect-src, which the server writes with exactly
 * its configured bucket's origin, keeps the browser from sending it anywhere
 * else.
 */
export function isAcceptedUploadTarget(
  answer: Pick<UploadResponse, "uploadURL" | "method" | "fields">,
  origin: string,
): boolean {
  // A presigned POST without its signed form fields cannot succeed.
  if (answer.method === "POST" && answer.fields === undefined) return false;
  if (isOwnUploadUrl(answer.uploadURL, origin)) return true;
  if (answer.method !== "POST") return false;
  try {
    const url = new URL(answer.uploadURL);
    const pageProtocol = new URL(origin).protocol;
    return url.protocol === "https:" || (url.protocol === "http:" && pageProtocol === "http:");
  } catch {
    return false;
  }
}

/** The presigned POST's form: every field in the answer's order, then the file as `file`, last. */
export function uploadForm(fields: Readonly<Record<string, string>>, file: Blob): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append("file", file);
  return form;
}

/**
 * How long a file's upload may take before it counts as failed: two minutes,
 * more for a file a crawling connection (10 kB/s) needs longer for. A stalled
 * connection then fails the upload (to be tried again) instead of hanging.
 */
export function uploadTimeoutMs(bytes: number): number {
  return Math.max(120_000, Math.ceil(bytes / 10));
}

/**
 * Sends the file as the answer says; resolves with the store's response
 * (check `ok`), rejects when the network fails, the browser goes offline
 * (a stalled upload ends at once rather than at its timeout), `signal` aborts
 * it (the visitor closed the dialog), or it outlasts `uploadTimeoutMs`.
 * @param contentType the type declared when asking for the address (the PUT's header; a POST's
 *   form carries the type the server signed).
 */
export async function sendUpload(
  answer: UploadResponse,
  file: Blob,
  contentType: string,
  signal?: AbortSignal,
): Promise<Response> {
  const offline = new AbortController();
  const goneOffline = () => offline.abort(new DOMException("The browser went offline.", "NetworkError"));
  // A page hears of it; the service worker (its Background Sync sends handover files) has no such
  // event, and a test's Node neither that nor a navigator.
  const scope = typeof globalThis.addEventListener === "function" ? globalThis : null;
  scope?.addEventListener("offline", goneOffline);
  // Gone already (while its address was asked for): no need to start.
  if (typeof navigator !== "undefined" && navigator.onLine === false) goneOffline();
  const signals = [AbortSignal.timeout(uploadTimeoutMs(file.size)), offline.signal];
  if (signal) signals.push(signal);
  const stop = anySignal(signals);
  try {
    if (answer.method === "POST") {
      // No Content-Type header: the browser writes multipart/form-data with its boundary.
      return await fetch(answer.uploadURL, {
        method: "POST",
        body: uploadForm(answer.fields ?? {}, file),
        credentials: "same-origin",
        signal: stop,
      });
    }
    return await fetch(answer.uploadURL, {
      method: "PUT",
      body: file,
      headers: { "Content-Type": contentType },
      credentials: "same-origin",
      signal: stop,
    });
  } finally {
    scope?.removeEventListener("offline", goneOffline);
  }
}

/**
 * A signal that aborts with the first of `signals`: `AbortSignal.any` where
 * the browser has it (Safari before 17.4, on iPhones iOS 16 keeps, has not).
 */
export function anySignal(signals: readonly AbortSignal[]): AbortSignal {
  if (typeof AbortSignal.any === "function") return AbortSignal.any([...signals]);
  const combined = new AbortController();
  for (const signal of signals) {
    if (signal.aborted) {
      combined.abort(signal.reason);
      break;
    }
    signal.addEventListener("abort", () => combined.abort(signal.reason), { once: true });
  }
  return combined.signal;
}
