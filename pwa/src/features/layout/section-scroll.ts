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
  const scroll = () => {
    target.scrollIntoView({ behavior: prefersReducedMotion() ? "auto" : "smooth", block: "start" });
    keepInPlace(target);
  };
  if (!hasPendingSections()) {
    scroll();
    return true;
  }
  revealAllSections();
  whenSectionsSettled(scroll);
  return true;
}

/** For this long after a scroll to a section, content that grows above it does not push it away. */
const KEEP_IN_PLACE_MS = 4000;
/** What the visitor does to move the page themselves: it ends the keeping in place. */
const VISITOR_INPUTS = ["wheel", "touchstart", "keydown", "pointerdown"] as const;

/**
 * A section above the target may still finish loading after the scroll has
 * begun (its code or pictures arrive on a slow connection, a form mounts in
 * stages): the page grows, and the scroll would end where the target used to
 * be. While the page settles, each change of its size puts the target back
 * at the top, until the visitor moves the page themselves.
 */
function keepInPlace(target: HTMLElement): void {
  if (typeof ResizeObserver === "undefined") return;
  let first = true;
  const observer = new ResizeObserver(() => {
    // The first call only reports the size the page has now.
    if (first) {
      first = false;
      return;
    }
    target.scrollIntoView({ behavior: "auto", block: "start" });
  });
  const stop = () => {
    observer.disconnect();
    window.clearTimeout(timer);
    for (const input of VISITOR_INPUTS) window.removeEventListener(input, stop);
  };
  const timer = window.setTimeout(stop, KEEP_IN_PLACE_MS);
  for (const input of VISITOR_INPUTS) window.addEventListener(input, stop, { passive: true });
  observer.observe(document.body);
}
