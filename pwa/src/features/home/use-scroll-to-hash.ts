import { useRouterState } from "@tanstack/react-router";
import { useEffect } from "react";
import { PENDING_SECTION_ATTRIBUTE, revealAllSections } from "../layout/section-reveal";
import { scrollToSection } from "../layout/section-scroll";

const GIVE_UP_AFTER_MS = 8000;
/** After arriving, content above the target may still change height (pictures, loaded data). */
const KEEP_ALIGNED_FOR_MS = 2500;

const USER_SCROLL_EVENTS = ["wheel", "touchstart", "keydown", "pointerdown"] as const;

function ready(id: string): boolean {
  return (
    document.getElementById(id) !== null && document.querySelector(`[${PENDING_SECTION_ATTRIBUTE}]`) === null
  );
}

/**
 * Re-aligns the target while the page above it settles, until the user scrolls
 * on their own or the time is up. Returns a cleanup function.
 */
function keepAligned(id: string): () => void {
  const target = document.getElementById(id);
  if (!target || typeof ResizeObserver === "undefined") return () => undefined;
  let initialCallback = true;
  const observer = new ResizeObserver(() => {
    // The first callback reports the current size: nothing has moved yet.
    if (initialCallback) {
      initialCallback = false;
      return;
    }
    target.scrollIntoView({ block: "start", behavior: "auto" });
  });
  const stop = () => {
    observer.disconnect();
    window.clearTimeout(timer);
    for (const type of USER_SCROLL_EVENTS) window.removeEventListener(type, stop);
  };
  const timer = window.setTimeout(stop, KEEP_ALIGNED_FOR_MS);
  for (const type of USER_SCROLL_EVENTS) window.addEventListener(type, stop, { passive: true });
  observer.observe(document.body);
  return stop;
}

/**
 * On arriving at "/#section", scrolls to the section once it is rendered and the
 * lazy sections above it have loaded (so the position no longer shifts).
 * Gives up after a while and then logs the missing target.
 */
export function useScrollToHash(): void {
  const hash = useRouterState({ select: (state) => state.location.hash });

  useEffect(() => {
    if (hash === "") return;
    // Arriving at a section: render every section, so the position above the target settles.
    revealAllSections();
    let frame = 0;
    let stopAligning: () => void = () => undefined;
    const scrollNextFrame = () => {
      frame = requestAnimationFrame(() => {
        if (scrollToSection(hash)) stopAligning = keepAligned(hash);
      });
    };
    if (ready(hash)) {
      scrollNextFrame();
      return () => {
        cancelAnimationFrame(frame);
        stopAligning();
      };
    }
    const observer = new MutationObserver(() => {
      if (!ready(hash)) return;
      observer.disconnect();
      window.clearTimeout(timer);
      scrollNextFrame();
    });
    observer.observe(document.body, { childList: true, subtree: true });
    const timer = window.setTimeout(() => {
      observer.disconnect();
      scrollToSection(hash);
    }, GIVE_UP_AFTER_MS);
    return () => {
      observer.disconnect();
      window.clearTimeout(timer);
      cancelAnimationFrame(frame);
      stopAligning();
    };
  }, [hash]);
}
