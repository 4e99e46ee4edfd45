// Start-up step 2 (main.tsx): the router library.
export { RouterProvider } from "@tanstack/react-router";
