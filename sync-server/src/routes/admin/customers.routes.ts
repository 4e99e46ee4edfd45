import { routes } from "@car-rental/shared/api";
import Router from "@koa/router";
import type { AppDeps } from "../../deps";
import { requestDb } from "../../middleware/request-db";
import { parseChanges, recordId, withoutChangedList } from "../../middleware/validate";
import {
  CUSTOMER_NOT_FOUND,
  createCustomer,
  deleteCustomer,
  listAdminCustomers,
  updateCustomer,
} from "../../services/customers/customers.service";
import { mount } from "../mount";

/**
 * The admin's customers (spec §7): list with history and totals, add, edit
 * (only the fields sent change), delete.
 */
export function adminCustomerRoutes(deps: AppDeps): Router {
  const router = new Router();

  mount(router, routes.listCustomers, async (ctx) => {
    ctx.set("Cache-Control", "no-store");
    ctx.body = await listAdminCustomers(requestDb(ctx));
  });

  mount(
    router,
    routes.createCustomer,
    async (ctx, input) => {
      const fields = input();
      ctx.status = 201;
      ctx.body = await createCustomer(requestDb(ctx), fields);
    },
    { readOnly: routes.createCustomer.response },
  );

  mount(
    router,
    routes.updateCustomer,
    async (ctx, input) => {
      const id = recordId(ctx.params, CUSTOMER_NOT_FOUND);
      ctx.body = await updateCustomer(requestDb(ctx), id, input());
    },
    {
      parse: (body: unknown) =>
        parseChanges(routes.updateCustomer.request, withoutChangedList(body), routes.updateCustomer.response),
    },
  );

  mount(router, routes.deleteCustomer, async (ctx) => {
    const id = recordId(ctx.params, CUSTOMER_NOT_FOUND);
    await deleteCustomer(requestDb(ctx), id, deps.clock.now());
    ctx.body = { ok: true };
  });

  return router;
}
