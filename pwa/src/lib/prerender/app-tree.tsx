import { StrictMode, type ReactNode } from "react";
import { AppProviders } from "../providers";
import type { Theme } from "../theme";

type AppTreeProps = {
  children: ReactNode;
  initialTheme?: Theme;
};

/**
 * The providers around the router, shared by the browser (main.tsx) and the
 * build-time prerender, so both render the same tree (hydration needs it).
 */
export function AppTree({ children, initialTheme }: AppTreeProps) {
  return (
    <StrictMode>
      <AppProviders initialTheme={initialTheme}>{children}</AppProviders>
    </StrictMode>
  );
}
