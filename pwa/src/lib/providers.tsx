import { MantineProvider } from "@mantine/core";
import { useEffect, type ReactNode } from "react";
import { cssVariablesResolver, mantineTheme } from "./mantine-theme";
import { hideAppWhileModalOpen } from "./modal-inert";
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

/** The element the app renders into (index.html). */
const APP_ROOT_ID = "root";

/** While any Modal or Drawer is open, the rest of the app is inert and hidden (modal-inert.ts). */
function HideAppBehindDialogs() {
  useEffect(() => {
    const appRoot = document.getElementById(APP_ROOT_ID);
    return appRoot ? hideAppWhileModalOpen(appRoot) : undefined;
  }, []);
  return null;
}

type AppProvidersProps = {
  children: ReactNode;
  initialTheme?: Theme;
};

export function AppProviders({ children, initialTheme }: AppProvidersProps) {
  return (
    <ThemeProvider initialTheme={initialTheme}>
      <ThemedMantine>
        {children}
        <HideAppBehindDialogs />
      </ThemedMantine>
    </ThemeProvider>
  );
}
