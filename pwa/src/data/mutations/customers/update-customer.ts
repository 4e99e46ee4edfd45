/** Admin → Customers → Edit: `PUT /api/admin/customers/:id` with the fields changed (changed-fields.ts). */
import { routes } from "@car-rental/shared/api";
import { adminFailures, adminSuccess } from "@car-rental/shared/messages";
import { idSchema } from "@car-rental/shared/schemas/common";
import { customerInputSchema, customerRecordSchema } from "@car-rental/shared/schemas/customer";
import { changedFieldsRequest, changedFieldsSchema } from "../changed-fields";
import { defineMutation, storesRow } from "../mutation";
import { customerRow } from "./customer-row";

export const updateCustomer = defineMutation({
  name: "updateCustomer",
  route: routes.updateCustomer,
  input: customerInputSchema.extend({ id: idSchema, changed: changedFieldsSchema }),
  entity: "customers",
  rows: (args) => ({ entityId: args.id }),
  label: (_db, args) => `Edit customer ${args.fullName.trim()}`,
  request: (args) => changedFieldsRequest(args),
  fixed: ["changed"],
  apply: async (db, { id, changed: _changed, ...body }) => {
    await db.customers.put(customerRow(id, body, await db.customers.get(id)));
  },
  answer: storesRow((db) => db.customers, customerRecordSchema),
  messages: { success: adminSuccess.updateCustomer, failure: adminFailures.updateCustomer },
});
