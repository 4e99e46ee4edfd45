import { createFileRoute } from "@tanstack/react-router";
import { FleetTab } from "../../features/admin/fleet/fleet-tab";

export const Route = createFileRoute("/admin/fleet")({
  component: FleetTab,
});
