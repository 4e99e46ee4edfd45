// Starts the app's JavaScript once the page has painted (external file: the CSP allows no inline script).
// A built page carries its HTML already (vite-plugins/prerender.ts): what a visitor came for shows
// first, and the scripts that make it interactive (named in data-entry and data-preload) load
// right after, instead of competing with the page's CSS and HTML for the first paint.
(function () {
  var tag = document.currentScript;
  var entry = tag && tag.getAttribute("data-entry");
  if (!entry) return;
  var preloads = (tag.getAttribute("data-preload") || "").split(" ").filter(Boolean);
  // What the page loads once its data features start (listed by vite-plugins/prerender.ts): the app
  // asks for it then (src/lib/preload-later.ts), and it is requested together, one link per task,
  // instead of one round trip after another as each file names the next.
  var later = (tag.getAttribute("data-later") || "").split(" ").filter(Boolean);
  var landing = location.pathname;
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

  // A first visit whose connection dropped before the app's file arrived: the page's links work
  // meanwhile, and the app loads once the connection is back (or, online, after a few seconds).
  var entryAttempts = 0;
  function addEntry() {
    entryAttempts += 1;
    add(document.createElement("script"), { type: "module", crossorigin: "", src: entry }).onerror =
      function () {
        settle();
        if (!navigator.onLine) window.addEventListener("online", addEntry, { once: true });
        else if (entryAttempts < 4) setTimeout(addEntry, 2000 * entryAttempts);
      };
  }

  // Preloads the files one per task: starting a fetch costs the main thread a millisecond or two each.
  // Module-preloaded (fetched and compiled, ready to run) for the start-up chunks; `rel` "prefetch"
  // (only fetched into the cache) for what the page loads later.
  function preloadEach(files, rel) {
    var href = files.shift();
    if (!href) return;
    var css = /\.css$/.test(href);
    add(document.createElement("link"), {
      rel: rel || (css ? "preload" : "modulepreload"),
      as: css ? "style" : "script",
      crossorigin: "",
      href: href,
    });
    setTimeout(preloadEach, 0, files, rel);
  }
  // The list is this page's: after a move to another page within the app, it would be the wrong one.
  // Prefetched, not module-preloaded: a module already compiled runs, and the React section waiting
  // for it renders, in the task that imports it, so the page's lazy steps merged into long tasks
  // (Lighthouse's Total Blocking Time on /booking: median 874 ms against 473 without the list, and
  // 390 prefetched, measured alternately); from the cache each import still takes a task of its own.
  window.preloadLater = function () {
    if (location.pathname === landing) preloadEach(later, "prefetch");
  };

  function start() {
    if (started) return;
    started = true;
    addEntry();
    preloadEach(preloads);
  }

  // A page in the background never paints, and another page's HTML is hidden (public/theme-init.js):
  // start at once.
  if (
    document.visibilityState !== "visible" ||
    document.documentElement.hasAttribute("data-prerendered-other-page") ||
    typeof window.requestAnimationFrame !== "function"
  ) {
    start();
    return;
  }
  // Otherwise once the browser reports the page's largest paint (or, without that timing, its first
  // paint): the report comes when the frame is on screen, so no script fetch starts before it.
  var supported = (window.PerformanceObserver && PerformanceObserver.supportedEntryTypes) || [];
  var paintType = ["largest-contentful-paint", "paint"].filter(function (type) {
    return supported.indexOf(type) !== -1;
  })[0];
  if (paintType) {
    var observer = new PerformanceObserver(function () {
      observer.disconnect();
      setTimeout(start, 0);
    });
    observer.observe({ type: paintType, buffered: true });
  } else {
    // requestAnimationFrame runs just before the paint, the timeout just after it.
    window.requestAnimationFrame(function () {
      setTimeout(start, 0);
    });
  }
  // Should nothing be painted soon (frames throttled in an occluded window), do not wait long.
  setTimeout(start, 1000);
})();
