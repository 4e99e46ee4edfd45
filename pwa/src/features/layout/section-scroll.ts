import { hasPendingSections, revealAllSections, whenSectionsSettled } from "./section-reveal";

function prefersReducedMotion(): boolean {
  return (
    typeof window.matchMedia === "function" && window.matchMedia("(prefers-reduced-motion: reduce)").matches
  );
}

/**
 * Scrolls smoothly to the element with this id. A missing target is a broken
 * link in the page, so it is reported on the console (spec §2). Sections the
 * home page has not loaded yet are revealed first and the scroll starts once
 * they have rendered, so the target does not shift under the scroll.
 */
export function scrollToSection(id: string): boolean {
  const target = document.getElementById(id);
  if (!target) {
    console.error(`Anchor target "#${id}" was not found on this page.`);
    return false;
  }
  const scroll = () =>
    target.scrollIntoView({ behavior: prefersReducedMotion() ? "auto" : "smooth", block: "start" });
  if (!hasPendingSections()) {
    scroll();
    return true;
  }
  revealAllSections();
  whenSectionsSettled(scroll);
  return true;
}
