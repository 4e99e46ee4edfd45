import { createFileRoute, useRouterState } from "@tanstack/react-router";
import { itemIdOf } from "../../features/admin/frame/admin-paths";
import { MessageDetails } from "../../features/admin/messages/message-details";

function MessageDetailsRoute() {
  const id = useRouterState({ select: (state) => itemIdOf(state.location.pathname) });
  return <MessageDetails id={id} />;
}

export const Route = createFileRoute("/admin/messages/$id")({
  component: MessageDetailsRoute,
});
