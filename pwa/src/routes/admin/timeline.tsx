import { createFileRoute } from "@tanstack/react-router";
import { TimelineScreen } from "../../features/admin/timeline/timeline-screen";

export const Route = createFileRoute("/admin/timeline")({
  component: TimelineScreen,
});
