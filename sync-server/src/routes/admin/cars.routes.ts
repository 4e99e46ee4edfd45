import { routes } from "@car-rental/shared/api";
import Router from "@koa/router";
import { carCreateSchema, carInputSchema, type CarInput } from "@car-rental/shared/schemas/car";
import type { AppDeps } from "../../deps";
import { requestDb } from "../../middleware/request-db";
import { requireAdmin } from "../../middleware/require-admin";
import { parseBody, recordId } from "../../middleware/validate";
import { createCar, deleteCar, listAdminCars, updateCar } from "../../services/cars/cars.service";

const CAR_NOT_FOUND = "Car not found";
const carChangesSchema = carInputSchema.partial();

/**
 * The fields of a `PUT` body that were really sent: zod fills defaults
 * (seats 5, Automatic, Gas, available) for absent fields, which must not
 * overwrite what the car has. A full body changes every field.
 */
function carChanges(body: unknown): Partial<CarInput> {
  const parsed = parseBody(carChangesSchema, body, routes.updateCar.response);
  const sent = new Set(typeof body === "object" && body !== null ? Object.keys(body) : []);
  const changes: Partial<CarInput> = {};
  const copy = <K extends keyof CarInput>(key: K) => {
    if (sent.has(key)) changes[key] = parsed[key];
  };
  for (const key of carChangesSchema.keyof().options) copy(key);
  return changes;
}

/**
 * The admin's fleet: `GET` lists every car not archived (rented ones too) with
 * version and updatedAt; `POST` adds one (201); `PUT /:id` changes the fields
 * sent; `DELETE /:id` archives (200 `{ok, id, archived}`: archived is true when
 * the car has bookings, which keep their history).
 */
export function adminCarRoutes(deps: AppDeps): Router {
  const router = new Router();
  const admin = requireAdmin(deps);

  router.get("/api/admin/cars", admin, async (ctx) => {
    ctx.set("Cache-Control", "no-store");
    ctx.body = await listAdminCars(requestDb(ctx));
  });

  router.post("/api/admin/cars", admin, async (ctx) => {
    const input = parseBody(carCreateSchema, ctx.request.body, routes.createCar.response);
    ctx.status = 201;
    ctx.body = await createCar(deps, requestDb(ctx), input);
  });

  router.put("/api/admin/cars/:id", admin, async (ctx) => {
    const id = recordId(ctx.params, CAR_NOT_FOUND);
    ctx.body = await updateCar(deps, requestDb(ctx), id, carChanges(ctx.request.body));
  });

  router.delete("/api/admin/cars/:id", admin, async (ctx) => {
    const id = recordId(ctx.params, CAR_NOT_FOUND);
    ctx.body = await deleteCar(requestDb(ctx), id);
  });

  return router;
}
