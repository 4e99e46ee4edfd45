// Runs before the first paint. Five jobs, external file: the CSP allows no inline script.
(function () {
  // 1. Sets the colour scheme the React ThemeProvider will start with
  // (localStorage "theme", else the system preference), so no wrong-theme flash shows.
  var theme = "light";
  try {
    var saved = window.localStorage.getItem("theme");
    if (saved === "light" || saved === "dark") {
      theme = saved;
    } else if (window.matchMedia && window.matchMedia("(prefers-color-scheme: dark)").matches) {
      theme = "dark";
    }
  } catch {
    // Storage can be blocked (private mode); keep the light default.
  }
  document.documentElement.setAttribute("data-mantine-color-scheme", theme);
  document.documentElement.style.colorScheme = theme;

  // 2. Each built page file holds its page's HTML, rendered at build time, and
  // names it in <meta name="prerendered-path">. An address answered with another
  // page's file (the admin area, a 404) must not show that page's content while
  // the app loads: styles/global.css hides it, main.tsx renders the right page.
  var meta = document.querySelector('meta[name="prerendered-path"]');
  var normalize = function (path) {
    return path.length > 1 ? path.replace(/\/+$/, "") : path;
  };
  if (meta && normalize(meta.getAttribute("content") || "") !== normalize(window.location.pathname)) {
    document.documentElement.setAttribute("data-prerendered-other-page", "");
  }

  // 3. My booking opened from the confirmation e-mail's link (?ref=…&token=…) shows that booking,
  // not the find form its built HTML holds (built without a query string): the form stays hidden
  // until the app shows the booking (src/features/my-booking/my-booking-page.tsx).
  try {
    var search = new URLSearchParams(window.location.search);
    if (
      normalize(window.location.pathname).toLowerCase() === "/my-booking" &&
      search.get("ref") &&
      search.get("token")
    ) {
      document.documentElement.setAttribute("data-opening-my-booking", "");
    }
  } catch {
    // No URLSearchParams (a very old browser): the form shows until the booking replaces it.
  }

  // 4. The browser may announce that the app can be installed (release-2 §D5) before the app's
  // script has started, which waits for the first paint (start-app.js): the announcement is kept
  // here until the app listens itself and takes it (src/lib/pwa/install-prompt.ts).
  var announced = null;
  var keep = function (event) {
    // The app offers installation itself (the header menu, the confirmation): no mini-infobar.
    event.preventDefault();
    announced = event;
  };
  window.addEventListener("beforeinstallprompt", keep);
  window.takeEarlyInstallPrompt = function () {
    window.removeEventListener("beforeinstallprompt", keep);
    return announced;
  };

  // 5. The header's connection indicator is built online ("Online, all changes saved"). On a first
  // visit whose connection drops before the app's files arrive, the built page would say so while
  // nothing loads: until the app starts, the indicator says what the browser knows. The app puts the
  // built indicator back before it hydrates the page (src/main.tsx) and from then on shows it itself.
  var built = null;
  var showConnection = function () {
    var button = built ? built.button : document.querySelector("[data-sync-status]");
    if (!button) return;
    if (!built) {
      built = { button: button, label: button.getAttribute("aria-label") || "", word: null };
    }
    var offline = navigator.onLine === false;
    var label = offline ? built.label.replace(/^Online/, "Offline") : built.label;
    button.setAttribute("aria-label", label);
    button.setAttribute("title", label);
    // As the app shows it offline: the word instead of the "all saved" cloud.
    var icon = button.querySelector('[data-position="left"]');
    if (icon) icon.style.display = offline ? "none" : "";
    if (offline && !built.word) {
      built.word = document.createElement("span");
      built.word.setAttribute("data-sync-word", "");
      built.word.textContent = "Offline";
      var inner = button.querySelector(".mantine-Button-label") || button;
      inner.appendChild(built.word);
    } else if (!offline && built.word) {
      built.word.remove();
      built.word = null;
    }
  };
  window.addEventListener("offline", showConnection);
  window.addEventListener("online", showConnection);
  if (navigator.onLine === false) document.addEventListener("DOMContentLoaded", showConnection);
  window.restoreBuiltIndicator = function () {
    window.removeEventListener("offline", showConnection);
    window.removeEventListener("online", showConnection);
    if (!built) return;
    built.button.setAttribute("aria-label", built.label);
    built.button.setAttribute("title", built.label);
    if (built.word) built.word.remove();
    var icon = built.button.querySelector('[data-position="left"]');
    if (icon) icon.style.display = "";
    built = null;
  };
})();
