import { useNavigate, useRouter } from "@tanstack/react-router";
import type { ComponentPropsWithRef, MouseEvent } from "react";
import type { HomeSectionId } from "./nav-entries";
import { scrollToSection } from "./section-scroll";

export type AnchorLinkProps = Omit<ComponentPropsWithRef<"a">, "href"> & {
  section: HomeSectionId;
};

function isPlainLeftClick(event: MouseEvent<HTMLAnchorElement>): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

/**
 * A link to a home page section. On the home page it scrolls smoothly to the
 * section; elsewhere it goes to "/#section" and the home page scrolls there once
 * the section is rendered. It stays a real link to "/#section" (new tab, copy).
 */
export function AnchorLink({ section, onClick, ...rest }: AnchorLinkProps) {
  // Read when clicked: subscribing to the router state would re-render every link on each navigation.
  const router = useRouter();
  const navigate = useNavigate();

  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || !isPlainLeftClick(event)) return;
    event.preventDefault();
    if (router.state.location.pathname === "/") {
      scrollToSection(section);
    } else {
      void navigate({ to: "/", hash: section, hashScrollIntoView: false });
    }
  };

  return <a href={`/#${section}`} onClick={handleClick} {...rest} />;
}
