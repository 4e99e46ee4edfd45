import { createFileRoute } from "@tanstack/react-router";
import { BlockedNamesTab } from "../../features/admin/blocklist/blocked-names-tab";

export const Route = createFileRoute("/admin/blocklist")({
  component: BlockedNamesTab,
});
