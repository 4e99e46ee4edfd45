import { routes } from "@car-rental/shared/api";
import Router from "@koa/router";
import type { Middleware } from "koa";
import type { AppDeps } from "../../deps";
import { requireAdmin } from "../../middleware/require-admin";
import { sessionTokenOf } from "../../middleware/session-cookie";
import { adminBatchRoutes, type Dispatch } from "./batch.routes";
import { adminBlockedNameRoutes } from "./blocked-names.routes";
import { adminBlockRoutes } from "./blocks.routes";
import { adminBookingRoutes } from "./bookings.routes";
import { adminCarRoutes } from "./cars.routes";
import { adminCustomerRoutes } from "./customers.routes";
import { adminMessageRoutes } from "./messages.routes";
import { adminPasswordRoutes } from "./password.routes";
import { adminRateRoutes } from "./rates.routes";
import { ADMIN_PREFIX } from "../mount";
import { adminSessionRoutes, setSessionCookie } from "./session.routes";
import { adminPushRoutes } from "./push.routes";
import { adminSyncRoutes } from "./sync.routes";

/** The admin paths the route table marks public: the session calls, how a session starts and ends. */
const PUBLIC_ADMIN_PATHS: ReadonlySet<string> = new Set(
  Object.values(routes)
    .filter((route) => route.auth === "public" && route.path.startsWith(ADMIN_PREFIX))
    .map((route) => route.path),
);

/**
 * Every `/api/admin/*` request except the session calls needs a valid admin
 * session; without one it answers 401, whether or not the path exists (an
 * unknown admin path reveals nothing before sign-in). A valid session's
 * cookie is re-issued with the session's slid expiry. This is the only
 * session check of the admin routes: the resources below mount no guard of
 * their own.
 */
function adminOnly(deps: AppDeps): Middleware {
  const checkSession = requireAdmin(deps);
  return async function guardAdminApi(ctx, next) {
    if (PUBLIC_ADMIN_PATHS.has(ctx.path)) return next();
    return checkSession(ctx, async () => {
      const token = sessionTokenOf(ctx);
      const session: unknown = ctx.state.adminSession;
      if (token && typeof session === "object" && session !== null && "expiresAt" in session) {
        const { expiresAt } = session;
        if (expiresAt instanceof Date) setSessionCookie(ctx, deps, token, expiresAt);
      }
      await next();
    });
  };
}

/**
 * All admin routes: the session calls (public), then the guard, then every
 * admin resource. Layers run in registration order, so the guard runs before
 * any admin handler. `dispatch` runs a batch's changes through the whole app.
 */
export function adminRoutes(deps: AppDeps, dispatch: Dispatch): Router {
  const router = new Router();
  router.use(adminSessionRoutes(deps).routes());
  // A route (not router.use) so it matches every method and also paths no handler serves.
  router.all(["/api/admin", "/api/admin/{*rest}"], adminOnly(deps));
  for (const resource of [
    adminCarRoutes(deps),
    adminBookingRoutes(deps),
    adminCustomerRoutes(deps),
    adminBlockedNameRoutes(deps),
    adminBlockRoutes(deps),
    adminRateRoutes(deps),
    adminSyncRoutes(deps),
    adminBatchRoutes(deps, dispatch),
    adminPushRoutes(deps),
    adminMessageRoutes(),
    adminPasswordRoutes(deps),
  ]) {
    router.use(resource.routes());
  }
  return router;
}
