import { useMergedRef } from "@mantine/hooks";
import type { Ref } from "react";

/**
 * `useMergeRefs` of @floating-ui/react, the one thing Mantine's ScrollArea
 * takes from it, on Mantine's own hook: the browser build gives ScrollArea
 * this one (vite.config.ts), so the public pages' tables do not load the
 * floating-ui positioning code that only the admin area's popovers use.
 */
export function useMergeRefs<T>(refs: readonly (Ref<T> | undefined)[]) {
  return useMergedRef<T>(...refs);
}
