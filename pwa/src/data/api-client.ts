/**
 * The one API client of spec §7. Every call carries the cookies, a body goes
 * out as JSON with a JSON content type, and any non-OK answer becomes an
 * `ApiError` whose message is `"<status>: <body text or status text>"` (spec
 * §8). Browsers call the same origin with relative URLs; tests pass a
 * `baseUrl` (node's fetch needs absolute URLs) and may wrap `fetch`.
 *
 * No DOM or React imports: the service worker uses this module too.
 */
import {
  buildPath,
  publicRoutes,
  type PathParams,
  type RouteDefinition,
} from "@car-rental/shared/api-public";
import type { RouteName, RouteQuery, RouteRequestBody, Routes } from "@car-rental/shared/api";
import { errorBodySchema } from "@car-rental/shared/schemas/error";
import type { z } from "zod";

/** A non-OK answer from the server. */
export class ApiError extends Error {
  override readonly name = "ApiError";
  /** HTTP status of the answer. */
  readonly status: number;
  /** The raw body text (may be empty). */
  readonly bodyText: string;
  /** `error.code` of a `{error: {code, message, details?}}` body, else null. */
  readonly code: string | null;
  /** `error.message` of that body: a sentence meant for people, else null. */
  readonly serverMessage: string | null;
  /** `error.details` of that body, when present. */
  readonly details: unknown;

  constructor(status: number, statusText: string, bodyText: string) {
    super(`${status}: ${bodyText || statusText}`);
    this.status = status;
    this.bodyText = bodyText;
    const parsed = parseErrorBody(bodyText);
    this.code = parsed?.error.code ?? null;
    this.serverMessage = parsed?.error.message ?? null;
    this.details = parsed?.error.details;
  }
}

/** The request never got an answer: offline, DNS, connection reset, CORS. */
export class NetworkError extends Error {
  override readonly name = "NetworkError";
  /**
   * @param answerStarted the server's answer had begun to arrive (its status and headers) when it
   * was lost: the link works, slowly or with a drop, rather than not at all.
   */
  constructor(
    cause: unknown,
    readonly answerStarted = false,
  ) {
    super(cause instanceof Error ? cause.message : "Network request failed", { cause });
  }
}

function parseErrorBody(text: string) {
  if (!text) return null;
  try {
    const result = errorBodySchema.safeParse(JSON.parse(text));
    return result.success ? result.data : null;
  } catch {
    return null;
  }
}

/**
 * The sentence to show for a failed call: the server's own message when its
 * answer carried one, else `fallback` (never raw JSON).
 */
export function describeError(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.serverMessage) return error.serverMessage;
  return fallback;
}

/** The reason of a signal made by `AbortSignal.timeout`. */
function isTimeout(reason: unknown): boolean {
  return reason instanceof Error && reason.name === "TimeoutError";
}

/** Answers from a proxy in front of the shop's server, which was not reached (502, 503, 504). */
const PROXY_ONLY_STATUSES: ReadonlySet<number> = new Set([502, 503, 504]);

/**
 * True when the shop's server was not reached: no answer at all (offline, a
 * reset, a timeout) or only its proxy answering. What was sent may be sent
 * again later (under the same Idempotency-Key), or a kept copy shown instead.
 */
export function isServerUnreachable(error: unknown): boolean {
  if (error instanceof NetworkError) return true;
  return error instanceof ApiError && PROXY_ONLY_STATUSES.has(error.status);
}

/** True for failures worth retrying later: no answer at all, or a 5xx. */
export function isTransientError(error: unknown): boolean {
  if (error instanceof NetworkError) return true;
  return error instanceof ApiError && error.status >= 500;
}

/** Told the status of every HTTP answer below 500 (see `onServerAnswer`). */
export type ServerAnswerListener = (status: number) => void;

const answerListeners = new Set<ServerAnswerListener>();

/**
 * Calls `listener` whenever a request of this JS context gets an HTTP answer
 * below 500: the server is reachable (the browser's online flag does not say
 * so when only the server was down). The outbox uses it to send what waits
 * at once (issue #24). Returns the unsubscribe.
 */
export function onServerAnswer(listener: ServerAnswerListener): () => void {
  answerListeners.add(listener);
  return () => {
    answerListeners.delete(listener);
  };
}

function noticeAnswer(status: number): void {
  if (status >= 500) return;
  for (const listener of answerListeners) listener(status);
}

export type On401 = "throw" | "returnNull";
export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

export type ApiClientOptions = {
  /** Prefix of every path; empty (same origin) in browsers, `http://127.0.0.1:port` in tests. */
  baseUrl?: string;
  /** Defaults to the global fetch, looked up at call time. */
  fetch?: FetchLike;
};

export type RequestOptions = {
  body?: unknown;
  headers?: Record<string, string>;
  /** Spec §7: a 401 is an error by default, or configured to give an empty result (null). */
  on401?: On401;
  /** Sent as the `Idempotency-Key` header (outbox entries, contact messages). */
  idempotencyKey?: string;
  signal?: AbortSignal;
};

/** The raw outcome of a request whose non-OK answers are thrown as ApiError. */
export type RawAnswer = { status: number; json: unknown; replayed: boolean };

type ParamsArg<N extends RouteName> = keyof PathParams<Routes[N]["path"]> extends never
  ? { params?: undefined }
  : { params: PathParams<Routes[N]["path"]> };
type BodyArg<N extends RouteName> = Routes[N]["request"] extends z.ZodType
  ? { body: RouteRequestBody<N> }
  : { body?: undefined };
type QueryArg<N extends RouteName> = Routes[N]["query"] extends z.ZodType
  ? { query?: RouteQuery<N> }
  : { query?: undefined };

/** Arguments of a typed call to route `N`: its path params, body and query when it has them. */
export type CallArgs<N extends RouteName> = ParamsArg<N> &
  BodyArg<N> &
  QueryArg<N> &
  Omit<RequestOptions, "body" | "on401">;

/** The parsed answer of route `N`. */
export type CallResult<N extends RouteName> = z.output<Routes[N]["response"]>;

function stringRecord(values: unknown): Record<string, string> {
  const record: Record<string, string> = {};
  if (typeof values !== "object" || values === null) return record;
  for (const [key, value] of Object.entries(values)) {
    if (typeof value === "string") record[key] = value;
    else if (typeof value === "number" || typeof value === "boolean") record[key] = String(value);
  }
  return record;
}

/** Route definitions by name: a part of the route table, or all of it. */
export type RouteTable = Partial<Record<RouteName, RouteDefinition>>;

/**
 * The routes `call` knows: the public ones (a visitor's pages need no other),
 * and the admin area's once `admin-api.ts` is loaded, which hands over the
 * whole table; so a visitor's browser never loads the admin routes' schemas.
 */
const knownRoutes: RouteTable = { ...publicRoutes };

/** Makes the routes of `table` callable by name (see `knownRoutes`). */
export function addRoutes(table: RouteTable): void {
  Object.assign(knownRoutes, table);
}

export class ApiClient {
  readonly baseUrl: string;
  private readonly fetchImpl: FetchLike | undefined;

  constructor(options: ApiClientOptions = {}) {
    this.baseUrl = options.baseUrl ?? "";
    this.fetchImpl = options.fetch;
  }

  /**
   * Sends one request. Answers 2xx with their JSON (null when empty), a 401
   * as null when `on401` is 'returnNull', and throws `ApiError` for any other
   * non-OK answer or `NetworkError` when no answer came.
   */
  async raw(
    method: string,
    path: string,
    options: RequestOptions & { on401: "returnNull" },
  ): Promise<RawAnswer | null>;
  async raw(method: string, path: string, options?: RequestOptions): Promise<RawAnswer>;
  async raw(method: string, path: string, options: RequestOptions = {}): Promise<RawAnswer | null> {
    const headers: Record<string, string> = { Accept: "application/json", ...options.headers };
    const init: RequestInit = { method, credentials: "include", headers };
    if (options.body !== undefined) {
      headers["Content-Type"] = "application/json";
      init.body = JSON.stringify(options.body);
    }
    if (options.idempotencyKey) headers["Idempotency-Key"] = options.idempotencyKey;
    if (options.signal) init.signal = options.signal;

    const doFetch: FetchLike = this.fetchImpl ?? ((input, requestInit) => fetch(input, requestInit));
    let response: Response;
    try {
      response = await doFetch(this.baseUrl + path, init);
    } catch (error) {
      // The caller's own abort is theirs to handle; no answer within a timeout is no answer.
      if (options.signal?.aborted && !isTimeout(options.signal.reason)) throw error;
      throw new NetworkError(error);
    }
    noticeAnswer(response.status);
    if (response.status === 401 && options.on401 === "returnNull") {
      await response.body?.cancel();
      return null;
    }
    let text: string;
    try {
      text = await response.text();
    } catch (error) {
      // The connection dropped (or the timeout came) while the body was read: the answer is lost.
      throw new NetworkError(error, true);
    }
    if (!response.ok) throw new ApiError(response.status, response.statusText, text);
    let json: unknown = null;
    if (text) {
      try {
        json = JSON.parse(text);
      } catch {
        throw new ApiError(response.status, response.statusText, text);
      }
    }
    return {
      status: response.status,
      json,
      replayed: response.headers.get("Idempotent-Replayed") === "true",
    };
  }

  /** GET returning the JSON answer (spec §7's default read call). */
  async getJson(
    path: string,
    options: { on401: "returnNull" } & Omit<RequestOptions, "body">,
  ): Promise<unknown>;
  async getJson(path: string, options?: Omit<RequestOptions, "body">): Promise<unknown>;
  async getJson(path: string, options: Omit<RequestOptions, "body"> = {}): Promise<unknown> {
    const answer = await this.raw("GET", path, options);
    return answer === null ? null : answer.json;
  }

  /**
   * A typed call of the shared route table: builds the path from `params`
   * and `query`, sends the body, and parses the answer with the route's
   * response schema.
   */
  async call<N extends RouteName>(
    name: N,
    args: CallArgs<N> & { on401: "returnNull" },
  ): Promise<CallResult<N> | null>;
  async call<N extends RouteName>(name: N, args: CallArgs<N> & { on401?: "throw" }): Promise<CallResult<N>>;
  // The implementation returns what the route's own response schema parsed,
  // which is CallResult<N>; TypeScript cannot follow a schema picked by a
  // generic key, so the precise types live on the overloads above.
  async call<N extends RouteName>(name: N, args: CallArgs<N> & { on401?: On401 }): Promise<unknown> {
    const route = knownRoutes[name];
    if (!route) throw new Error(`${name} is an admin route: call it through data/admin-api.ts`);
    // Route paths are checked by CallArgs; buildPath<string> takes them as plain records.
    const path = buildPath<string>(route.path, stringRecord(args.params), stringRecord(args.query));
    const options: RequestOptions = { on401: args.on401 ?? "throw" };
    if (args.body !== undefined) options.body = args.body;
    if (args.headers) options.headers = args.headers;
    if (args.idempotencyKey) options.idempotencyKey = args.idempotencyKey;
    if (args.signal) options.signal = args.signal;
    const answer = await this.raw(route.method, path, options);
    if (answer === null) return null;
    const schema: z.ZodType = route.response;
    return schema.parse(answer.json);
  }
}

/** The app's client: same origin, relative URLs. */
export const api = new ApiClient();
