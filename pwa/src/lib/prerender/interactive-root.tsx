import { useEffect } from "react";

/**
 * While the app's scripts load, public/start-app.js makes the built page's
 * HTML `inert`: visible at once, but a tap before the app has taken over is
 * refused rather than silently lost. Rendered inside the app, this lifts
 * `inert` once React has hydrated (or rendered) the page.
 */
export function InteractiveRoot({ container }: { container: HTMLElement }) {
  useEffect(() => {
    container.removeAttribute("inert");
  }, [container]);
  return null;
}
