import { cleanup } from "@testing-library/react";
import { afterEach } from "vitest";

afterEach(() => {
  cleanup();
  // Test files may opt into the node environment (// @vitest-environment node).
  if (typeof window !== "undefined") window.localStorage.clear();
});
