import { createFileRoute } from "@tanstack/react-router";
import { CustomersTab } from "../../features/admin/customers/customers-tab";

export const Route = createFileRoute("/admin/customers/")({
  component: CustomersTab,
});
