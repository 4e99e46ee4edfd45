import { routes } from "@car-rental/shared/api";
import Router from "@koa/router";
import { carInputSchema } from "@car-rental/shared/schemas/car";
import type { AppDeps } from "../../deps";
import { requestDb } from "../../middleware/request-db";
import { parseChanges, recordId, withoutChangedList } from "../../middleware/validate";
import { createCar, deleteCar, listAdminCars, updateCar } from "../../services/cars/cars.service";
import { mount } from "../mount";

const CAR_NOT_FOUND = "Car not found";
/** A PUT may carry only the fields to change (the route table's schema is the full form). */
const carChangesSchema = carInputSchema.partial();

/**
 * The admin's fleet: `GET` lists every car not archived (rented ones too) with
 * version and updatedAt; `POST` adds one (201); `PUT /:id` changes the fields
 * sent; `DELETE /:id` archives (200 `{ok, id, archived}`: archived is true when
 * the car has bookings, which keep their history).
 */
export function adminCarRoutes(deps: AppDeps): Router {
  const router = new Router();

  mount(router, routes.listAdminCars, async (ctx) => {
    ctx.set("Cache-Control", "no-store");
    ctx.body = await listAdminCars(requestDb(ctx));
  });

  mount(
    router,
    routes.createCar,
    async (ctx, input) => {
      const fields = input();
      ctx.status = 201;
      ctx.body = await createCar(deps, requestDb(ctx), fields);
    },
    { readOnly: routes.createCar.response },
  );

  mount(
    router,
    routes.updateCar,
    async (ctx, input) => {
      const id = recordId(ctx.params, CAR_NOT_FOUND);
      ctx.body = await updateCar(deps, requestDb(ctx), id, input());
    },
    {
      parse: (body: unknown) =>
        parseChanges(carChangesSchema, withoutChangedList(body), routes.updateCar.response),
    },
  );

  mount(router, routes.deleteCar, async (ctx) => {
    const id = recordId(ctx.params, CAR_NOT_FOUND);
    ctx.body = await deleteCar(requestDb(ctx), id);
  });

  return router;
}
