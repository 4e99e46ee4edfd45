import { createFileRoute, Navigate } from "@tanstack/react-router";

/** `/admin` after the gate: the dashboard opens on the Overview (a replace, so back does not bounce). */
function AdminHome() {
  return <Navigate to="/admin/overview" replace />;
}

export const Route = createFileRoute("/admin/")({
  component: AdminHome,
});
