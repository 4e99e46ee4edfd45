// Start-up step 4 (main.tsx): the route tree with the site's layout (header, footer).
export { createAppRouter, loadCurrentRoute } from "../router";
