import type { MouseEvent } from "react";
import classes from "./site-header.module.css";

function focusMain(event: MouseEvent<HTMLAnchorElement>) {
  const main = document.getElementById("main-content");
  if (!main) return;
  // Focus instead of changing the URL hash, which the router would treat as a navigation.
  event.preventDefault();
  main.focus();
}

/** First focusable element: keyboard users jump past the header. */
export function SkipLink() {
  return (
    <a className={classes.skipLink} href="#main-content" onClick={focusMain}>
      Skip to main content
    </a>
  );
}
