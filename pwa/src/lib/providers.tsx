import { MantineProvider } from "@mantine/core";
import type { ReactNode } from "react";
import { cssVariablesResolver, mantineTheme } from "./mantine-theme";
import { ThemeProvider, useTheme, type Theme } from "./theme";

/** Mantine follows the ThemeProvider: one source of truth for light/dark. */
function ThemedMantine({ children }: { children: ReactNode }) {
  const { theme } = useTheme();
  return (
    <MantineProvider
      theme={mantineTheme}
      cssVariablesResolver={cssVariablesResolver}
      forceColorScheme={theme}
      // The theme's CSS variables come from styles/mantine-theme-variables.css, not computed on each load.
      withCssVariables={false}
    >
      {children}
    </MantineProvider>
  );
}

type AppProvidersProps = {
  children: ReactNode;
  initialTheme?: Theme;
};

export function AppProviders({ children, initialTheme }: AppProvidersProps) {
  return (
    <ThemeProvider initialTheme={initialTheme}>
      <ThemedMantine>{children}</ThemedMantine>
    </ThemeProvider>
  );
}
