// Start-up step 1 (main.tsx): React and ReactDOM.
export { startTransition } from "react";
export { createRoot, hydrateRoot } from "react-dom/client";
