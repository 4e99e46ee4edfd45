import type { RouteDefinition } from "@car-rental/shared/api";
import type Router from "@koa/router";
import type { RouterContext } from "@koa/router";
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
  const { readOnly = null, parse } = options;
  const schema = route.request;
  const parseInput = (body: unknown): unknown => {
    if (parse) return parse(body);
    return schema ? parseBody(schema, body, readOnly) : undefined;
  };
  router.register(route.path, [route.method], async (ctx) => {
    await handler(ctx, () => parseInput(ctx.request.body));
  });
}
