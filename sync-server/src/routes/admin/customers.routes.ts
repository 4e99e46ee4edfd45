import { routes } from "@car-rental/shared/api";
import Router from "@koa/router";
import {
  customerChangesSchema,
  customerCreateSchema,
  type CustomerInput,
} from "@car-rental/shared/schemas/customer";
import type { AppDeps } from "../../deps";
import { requestDb } from "../../middleware/request-db";
import { parseBody, recordId } from "../../middleware/validate";
import {
  CUSTOMER_NOT_FOUND,
  createCustomer,
  deleteCustomer,
  listAdminCustomers,
  updateCustomer,
} from "../../services/customers/customers.service";

const CUSTOMER_FIELDS = [
  "fullName",
  "email",
  "phone",
  "address",
  "license",
  "licenseExpiry",
  "facebookProfile",
] as const satisfies readonly (keyof CustomerInput)[];

function copyField<K extends keyof CustomerInput>(
  from: Partial<CustomerInput>,
  to: Partial<CustomerInput>,
  key: K,
): void {
  to[key] = from[key];
}

/**
 * The parsed fields the client actually sent: a PUT may carry only the fields
 * to change, and leaves out what it does not know about.
 */
function sentFields(parsed: Partial<CustomerInput>, body: unknown): Partial<CustomerInput> {
  if (typeof body !== "object" || body === null) return parsed;
  const sent: Partial<CustomerInput> = {};
  for (const key of CUSTOMER_FIELDS) {
    if (key in body) copyField(parsed, sent, key);
  }
  return sent;
}

/**
 * The admin's customers (spec §7): list with history and totals, add, edit
 * (only the fields sent change), delete.
 */
export function adminCustomerRoutes(deps: AppDeps): Router {
  const router = new Router();

  router.get("/api/admin/customers", async (ctx) => {
    ctx.set("Cache-Control", "no-store");
    ctx.body = await listAdminCustomers(requestDb(ctx));
  });

  router.post("/api/admin/customers", async (ctx) => {
    const input = parseBody(customerCreateSchema, ctx.request.body, routes.createCustomer.response);
    ctx.status = 201;
    ctx.body = await createCustomer(requestDb(ctx), input);
  });

  router.put("/api/admin/customers/:id", async (ctx) => {
    const id = recordId(ctx.params, CUSTOMER_NOT_FOUND);
    const changes = parseBody(customerChangesSchema, ctx.request.body, routes.updateCustomer.response);
    ctx.body = await updateCustomer(requestDb(ctx), id, sentFields(changes, ctx.request.body));
  });

  router.delete("/api/admin/customers/:id", async (ctx) => {
    const id = recordId(ctx.params, CUSTOMER_NOT_FOUND);
    await deleteCustomer(requestDb(ctx), id, deps.clock.now());
    ctx.body = { ok: true };
  });

  return router;
}
