import { Anchor, type AnchorProps } from "@mantine/core";
import { useRouter } from "@tanstack/react-router";
import type { AnchorHTMLAttributes, MouseEvent } from "react";

type RouterAnchorProps = AnchorProps &
  Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "color" | "style"> & {
    /** An address inside the app, e.g. `/admin/bookings/<id>`. */
    href: string;
  };

function isPlainLeftClick(event: MouseEvent<HTMLAnchorElement>): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

/**
 * A Mantine Anchor that moves inside the app without reloading the page; a
 * click with a modifier key, a middle click or "open in new tab" use the
 * link itself. (Not the router's own Link: sharing its module with the
 * public pages would put it in their first view.)
 */
export function RouterAnchor({ href, onClick, ...rest }: RouterAnchorProps) {
  // Read when clicked: subscribing to the router state would re-render every link on each navigation.
  const router = useRouter();
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || !isPlainLeftClick(event)) return;
    event.preventDefault();
    void router.navigate({ href });
  };
  return <Anchor href={href} onClick={handleClick} {...rest} />;
}
