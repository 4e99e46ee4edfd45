import { routes } from "@car-rental/shared/api";
import Router from "@koa/router";
import type { AppDeps } from "../deps";
import { mount } from "./mount";

/** `GET /api/health`: the process is up; `database` says whether PostgreSQL answers. */
export function healthRoutes(deps: AppDeps): Router {
  const router = new Router();
  mount(router, routes.health, async (ctx) => {
    const started = performance.now();
    let database: "ok" | "unavailable" = "ok";
    try {
      await deps.db.knex.raw("select 1");
    } catch {
      database = "unavailable";
    }
    ctx.set("Cache-Control", "no-store");
    ctx.status = database === "ok" ? 200 : 503;
    ctx.body = {
      status: database === "ok" ? "ok" : "degraded",
      database,
      engine: deps.db.engine,
      latencyMs: Math.round((performance.now() - started) * 10) / 10,
      time: deps.clock.now().toISOString(),
    };
  });
  return router;
}
