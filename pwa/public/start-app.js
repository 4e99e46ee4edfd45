// Starts the app's JavaScript once the page has painted (external file: the CSP allows no inline script).
// A built page carries its HTML already (vite-plugins/prerender.ts): what a visitor came for shows
// first, and the scripts that make it interactive (named in data-entry and data-preload) load
// right after, instead of competing with the page's CSS and HTML for the first paint.
(function () {
  var tag = document.currentScript;
  var entry = tag && tag.getAttribute("data-entry");
  if (!entry) return;
  var preloads = (tag.getAttribute("data-preload") || "").split(" ").filter(Boolean);
  var root = document.getElementById("root");
  var started = false;

  // Until the app has taken over (src/lib/prerender/interactive-root.tsx), the page is shown
  // but inert: a tap is refused rather than lost. Should the app fail to load, links work again.
  var settle = function () {
    if (root) root.removeAttribute("inert");
  };
  if (root && root.firstElementChild) root.setAttribute("inert", "");

  function add(element, attributes) {
    for (var name in attributes) element.setAttribute(name, attributes[name]);
    document.head.appendChild(element);
    return element;
  }

  function start() {
    if (started) return;
    started = true;
    add(document.createElement("script"), { type: "module", crossorigin: "", src: entry }).onerror = settle;
    // One preload per task: starting a fetch costs the main thread a millisecond or two each.
    (function preloadNext() {
      var href = preloads.shift();
      if (!href) return;
      add(document.createElement("link"), { rel: "modulepreload", crossorigin: "", href: href });
      setTimeout(preloadNext, 0);
    })();
  }

  // A page in the background never paints: start at once. Otherwise after the next frame
  // (requestAnimationFrame runs just before the paint, the timeout just after it).
  if (document.visibilityState !== "visible" || typeof window.requestAnimationFrame !== "function") {
    start();
    return;
  }
  window.requestAnimationFrame(function () {
    setTimeout(start, 0);
  });
  // Should frames be throttled (an occluded window), do not wait for one for long.
  setTimeout(start, 1000);
})();
