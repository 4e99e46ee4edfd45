import { useSyncExternalStore } from "react";

/**
 * Whether any toast was shown: the toast viewport (src/routes/__root.tsx)
 * mounts with the first one, so a visit without a toast never loads its code
 * (Mantine's notifications with their transitions, some 15 KB gzipped).
 */
let requested = false;
const listeners = new Set<() => void>();

/** Mounts the toast viewport (once): lib/toast.ts calls it with every toast. */
export function requestToastViewport(): void {
  if (requested) return;
  requested = true;
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** True once a toast was shown; false in the prerendered HTML and in the render that hydrates it. */
export function useToastViewportRequested(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => requested,
    () => false,
  );
}
