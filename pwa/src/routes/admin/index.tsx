import { createFileRoute, useRouter } from "@tanstack/react-router";
import { useEffect } from "react";

/**
 * `/admin` after the gate: the dashboard opens on the Overview (a replace, so
 * back does not bounce). Through useRouter(), which the public pages load
 * anyway: the router's <Navigate> and useNavigate() modules would otherwise
 * join their first view.
 */
function AdminHome() {
  const router = useRouter();
  useEffect(() => {
    void router.navigate({ to: "/admin/overview", replace: true });
  }, [router]);
  return null;
}

export const Route = createFileRoute("/admin/")({
  component: AdminHome,
});
