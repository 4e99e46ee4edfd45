import { Anchor, type AnchorProps } from "@mantine/core";
import { createLink, type LinkComponent } from "@tanstack/react-router";
import { forwardRef, type AnchorHTMLAttributes } from "react";

type MantineAnchorProps = Omit<AnchorProps, "href"> & AnchorHTMLAttributes<HTMLAnchorElement>;

const MantineAnchor = forwardRef<HTMLAnchorElement, MantineAnchorProps>(function MantineAnchor(props, ref) {
  return <Anchor ref={ref} {...props} />;
});

const CreatedRouterAnchor = createLink(MantineAnchor);

/**
 * A Mantine Anchor that is a router link, typed by the route tree:
 * `<RouterAnchor to="/admin/bookings/$id" params={{ id }}>`.
 */
export const RouterAnchor: LinkComponent<typeof MantineAnchor> = (props) => <CreatedRouterAnchor {...props} />;
