/** Admin → Customers → Edit: `PUT /api/admin/customers/:id` with the form's fields. */
import { routes } from "@car-rental/shared/api";
import { adminFailures, adminSuccess } from "@car-rental/shared/messages";
import { idSchema } from "@car-rental/shared/schemas/common";
import { customerInputSchema, customerRecordSchema } from "@car-rental/shared/schemas/customer";
import { defineMutation, storesRow } from "../mutation";
import { customerRow } from "./customer-row";

export const updateCustomer = defineMutation({
  name: "updateCustomer",
  route: routes.updateCustomer,
  input: customerInputSchema.extend({ id: idSchema }),
  entity: "customers",
  rows: (args) => ({ entityId: args.id }),
  label: (_db, args) => `Edit customer ${args.fullName.trim()}`,
  apply: async (db, { id, ...body }) => {
    await db.customers.put(customerRow(id, body, await db.customers.get(id)));
  },
  answer: storesRow((db) => db.customers, customerRecordSchema),
  messages: { success: adminSuccess.updateCustomer, failure: adminFailures.updateCustomer },
});
