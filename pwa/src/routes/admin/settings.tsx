import { createFileRoute } from "@tanstack/react-router";
import { SettingsScreen } from "../../features/admin/settings/settings-screen";

export const Route = createFileRoute("/admin/settings")({
  component: SettingsScreen,
});
