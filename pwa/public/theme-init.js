// Runs before the app: sets the colour scheme the React ThemeProvider will start with
// (localStorage "theme", else the system preference), so no wrong-theme flash shows.
(function () {
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
})();
