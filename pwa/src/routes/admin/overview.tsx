import { createFileRoute } from "@tanstack/react-router";
import { OverviewTab } from "../../features/admin/overview/overview-tab";

export const Route = createFileRoute("/admin/overview")({
  component: OverviewTab,
});
