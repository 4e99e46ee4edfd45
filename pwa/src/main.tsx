import "./styles/mantine";
import "./styles/global.css";
import { RouterProvider } from "@tanstack/react-router";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { outboxMayHaveEntries } from "./lib/outbox-hint";
import { AppProviders } from "./lib/providers";
import { UpdatePrompt } from "./lib/pwa/update-prompt";
import { createAppRouter } from "./router";

const router = createAppRouter();

// The outbox engine (Dexie) is not part of a visitor's first view: it starts, once
// the page is idle, only when changes may be waiting; a feature that queues a
// change (or the admin area) starts it itself.
if (outboxMayHaveEntries()) {
  const startEngine = () =>
    void import("./data/sync-engine").then(({ startSyncEngine }) => startSyncEngine());
  if ("requestIdleCallback" in window) window.requestIdleCallback(startEngine, { timeout: 3000 });
  else setTimeout(startEngine, 1500);
}

const container = document.getElementById("root");
if (!container) {
  throw new Error("index.html has no #root element");
}

createRoot(container).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
      <UpdatePrompt />
    </AppProviders>
  </StrictMode>,
);
