/**
 * While a Mantine Modal or Drawer is open, the rest of the app is hidden from
 * assistive technology and from the pointer and keyboard (`inert` and
 * `aria-hidden` on #root), as a native modal <dialog> would do. Mantine renders
 * its dialogs in a portal beside #root and only traps focus, so without this
 * a screen reader, or a role query, still reaches the page behind the dialog.
 *
 * One mechanism for the whole app: the theme marks the root element of every
 * open Modal and Drawer with OPEN_MODAL_CLASS (open-modal-class.ts), and
 * hideAppWhileModalOpen() watches the portals for it. The class follows the
 * `opened` prop at once, not the end of the closing transition, so #root is
 * interactive again before Mantine returns the focus to the element that
 * opened the dialog (10 ms after closing).
 */

import { OPEN_MODAL_CLASS } from "./open-modal-class";

/** Mantine gives the focus back 10 ms after a dialog closes; look after it has had its turn. */
const FOCUS_RETURN_CHECK_MS = 50;

const WATCHED: MutationObserverInit = {
  subtree: true,
  childList: true,
  attributes: true,
  attributeFilter: ["class"],
};

/**
 * Makes `appRoot` inert and aria-hidden whenever an open dialog (see above)
 * is outside it; restores it when the last one closes. Toasts and other
 * portals stay usable: only `appRoot` is hidden. If the element focused
 * before the dialog lost the focus on the way (inert blurs it, so Mantine may
 * have remembered the page body), the focus goes back to it. Returns the
 * function that stops watching and shows the app.
 */
export function hideAppWhileModalOpen(appRoot: HTMLElement): () => void {
  const doc = appRoot.ownerDocument;
  let hidden = false;
  let focusedBefore: HTMLElement | null = null;
  let focusCheck: ReturnType<typeof setTimeout> | undefined;

  const anyOpenOutsideApp = () =>
    Array.from(doc.getElementsByClassName(OPEN_MODAL_CLASS)).some((element) => !appRoot.contains(element));

  const hide = () => {
    const active = doc.activeElement;
    focusedBefore = active instanceof HTMLElement && appRoot.contains(active) ? active : focusedBefore;
    clearTimeout(focusCheck);
    appRoot.setAttribute("inert", "");
    appRoot.setAttribute("aria-hidden", "true");
    hidden = true;
  };

  const show = () => {
    appRoot.removeAttribute("inert");
    appRoot.removeAttribute("aria-hidden");
    hidden = false;
    const returnTo = focusedBefore;
    focusedBefore = null;
    if (!returnTo) return;
    focusCheck = setTimeout(() => {
      const active = doc.activeElement;
      const lost = active === null || active === doc.body || active.closest('[role="dialog"]') !== null;
      if (lost && !hidden && returnTo.isConnected) returnTo.focus({ preventScroll: true });
    }, FOCUS_RETURN_CHECK_MS);
  };

  const update = () => {
    const open = anyOpenOutsideApp();
    if (open && !hidden) hide();
    else if (!open && hidden) show();
  };

  // Portals are children of <body> beside #root: watch those, not the app itself.
  const watch = (node: Node) => {
    if (node instanceof Element && node !== appRoot) observer.observe(node, WATCHED);
  };
  const observer = new MutationObserver((records) => {
    for (const record of records) {
      if (record.target === doc.body) record.addedNodes.forEach(watch);
    }
    update();
  });
  observer.observe(doc.body, { childList: true });
  doc.body.childNodes.forEach(watch);
  update();

  return () => {
    observer.disconnect();
    clearTimeout(focusCheck);
    if (hidden) {
      appRoot.removeAttribute("inert");
      appRoot.removeAttribute("aria-hidden");
      hidden = false;
    }
  };
}
