import { createFileRoute } from "@tanstack/react-router";
import { CustomerDetails } from "../../features/admin/customers/customer-details";

function CustomerDetailsRoute() {
  const { id } = Route.useParams();
  return <CustomerDetails id={id} />;
}

export const Route = createFileRoute("/admin/customers/$id")({
  component: CustomerDetailsRoute,
});
