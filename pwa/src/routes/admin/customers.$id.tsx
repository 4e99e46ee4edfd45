import { createFileRoute, useRouterState } from "@tanstack/react-router";
import { itemIdOf } from "../../features/admin/frame/admin-paths";
import { CustomerDetails } from "../../features/admin/customers/customer-details";

function CustomerDetailsRoute() {
  const id = useRouterState({ select: (state) => itemIdOf(state.location.pathname) });
  return <CustomerDetails id={id} />;
}

export const Route = createFileRoute("/admin/customers/$id")({
  component: CustomerDetailsRoute,
});
