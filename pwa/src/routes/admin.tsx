import { createFileRoute } from "@tanstack/react-router";
import { AdminFrame } from "../features/admin/frame/admin-frame";

// autoCodeSplitting puts this component in its own chunk, loaded only on /admin.
export const Route = createFileRoute("/admin")({
  component: AdminFrame,
});
