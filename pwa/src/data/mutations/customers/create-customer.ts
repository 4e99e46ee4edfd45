/** Admin → Customers → Add Customer: `POST /api/admin/customers` with the id the browser chose. */
import { routes } from "@car-rental/shared/api";
import { adminFailures, adminSuccess } from "@car-rental/shared/messages";
import { idSchema } from "@car-rental/shared/schemas/common";
import { customerInputSchema, customerRecordSchema } from "@car-rental/shared/schemas/customer";
import { defineMutation, storesRow } from "../mutation";
import { customerRow } from "./customer-row";

export const createCustomer = defineMutation({
  name: "createCustomer",
  route: routes.createCustomer,
  input: customerInputSchema.extend({ id: idSchema }),
  entity: "customers",
  rows: (args) => ({ entityId: args.id }),
  label: (_db, args) => `Add customer ${args.fullName.trim()}`,
  apply: async (db, { id, ...body }) => {
    await db.customers.add(customerRow(id, body));
  },
  answer: storesRow((db) => db.customers, customerRecordSchema),
  creates: true,
  messages: { success: adminSuccess.addCustomer, failure: adminFailures.addCustomer },
});
