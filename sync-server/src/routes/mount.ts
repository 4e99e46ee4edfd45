import type { RouteDefinition } from "@car-rental/shared/api";
import type Router from "@koa/router";
import type { RouterContext } from "@koa/router";
import type { Context, Middleware } from "koa";
import type * as z from "zod";
import { parseBody } from "../middleware/validate";

export const ADMIN_PREFIX = "/api/admin/";

/** What a handler of `route` receives as its input: the body parsed with the route's request schema. */
export type RouteInput<R extends RouteDefinition> = R["request"] extends z.ZodType
  ? z.output<R["request"]>
  : undefined;

interface CommonOptions {
  /**
   * The read-only fields a client may send back with the body (ignored, not
   * refused; see parseBody). Usually the route's `response`: a record sent
   * back as it was read. Default: none, every unknown key is refused.
   */
  readOnly?: z.ZodType;
}

/**
 * A route's handler. `input()` parses the JSON body (and throws its refusal);
 * the handler calls it when the body's turn comes, so what it checks first
 * (a malformed `:id` is a 404, a rate limit counts refused bodies too) still
 * answers first.
 */
type Handler<I> = (ctx: RouterContext, input: () => I) => Promise<void> | void;

/**
 * Mounts `handler` on `router` at the route table's method and path, so a
 * path is written once, in `shared/src/api.ts`. A route with a request schema
 * has its JSON body parsed with it (400/422 VALIDATION_FAILED as parseBody
 * answers); without one, `input()` is undefined. Who may call the route is the
 * router's business: the admin router guards every path under ADMIN_PREFIX,
 * and an admin route outside it is refused here, at startup.
 */
export function mount<R extends RouteDefinition>(
  router: Router,
  route: R,
  handler: Handler<RouteInput<R>>,
  options?: CommonOptions,
): void;
/**
 * The same, with the route's own parser, for routes that word some refusals
 * their own way. Annotate its parameter (`(body: unknown) => …`) so the
 * handler's input is inferred from it.
 */
export function mount<I>(
  router: Router,
  route: RouteDefinition,
  handler: Handler<I>,
  options: CommonOptions & { parse: (body: unknown) => I },
): void;
export function mount(
  router: Router,
  route: RouteDefinition,
  handler: Handler<unknown>,
  options: CommonOptions & { parse?: (body: unknown) => unknown } = {},
): void {
  // The admin guard covers /api/admin/* (see admin.routes.ts): an admin route elsewhere would be open.
  if (route.auth === "admin" && !route.path.startsWith(ADMIN_PREFIX)) {
    throw new Error(`${route.method} ${route.path} needs the admin session but is outside ${ADMIN_PREFIX}`);
  }
  const parseInput = inputParser(route, options);
  router.register(route.path, [route.method], async (ctx) => {
    await handler(ctx, () => {
      const early = earlyInput(ctx, route);
      return early ? early.value : parseInput(ctx.request.body);
    });
  });
}

function inputParser(
  route: RouteDefinition,
  options: CommonOptions & { parse?: (body: unknown) => unknown },
): (body: unknown) => unknown {
  const { readOnly, parse } = options;
  const schema = route.request;
  return (body) => {
    if (parse) return parse(body);
    return schema ? parseBody(schema, body, readOnly ?? null) : undefined;
  };
}

/** A body parsed by parseBodyEarly: its value, or its refusal. */
type EarlyParse = { route: RouteDefinition; value: unknown } | { route: RouteDefinition; refusal: unknown };
const EARLY_PARSE = Symbol("body parsed early");

/** What parseBodyEarly left for `route`'s handler: `input()` answers it (or throws its refusal). */
function earlyInput(ctx: Context, route: RouteDefinition): { value: unknown } | undefined {
  const early = (ctx.state as { [EARLY_PARSE]?: EarlyParse })[EARLY_PARSE];
  if (!early || early.route !== route) return undefined;
  if ("refusal" in early) throw early.refusal;
  return { value: early.value };
}

/**
 * Parses a request's body for `route` (mounted with the same `options`) now, before the layers after
 * it: the idempotency layer's transaction then does not wait on the parse (the embedded database has
 * one connection, idle meanwhile). The handler's `input()` answers what was parsed, or throws the
 * refusal then, so the order of refusals stays the route's. For requests already known to be
 * `route`'s (method and path).
 */
export function parseBodyEarly(route: RouteDefinition, options: CommonOptions = {}): Middleware {
  const parseInput = inputParser(route, options);
  return function parseEarly(ctx, next) {
    let early: EarlyParse;
    try {
      early = { route, value: parseInput(ctx.request.body) };
    } catch (refusal) {
      early = { route, refusal };
    }
    (ctx.state as { [EARLY_PARSE]?: EarlyParse })[EARLY_PARSE] = early;
    return next();
  };
}
