// Start-up step 3 (main.tsx): the providers (Mantine, the theme) and what renders beside the router.
export { AppTree } from "../lib/prerender/app-tree";
export { InteractiveRoot } from "../lib/prerender/interactive-root";
export { UpdatePrompt } from "../lib/pwa/update-prompt";
