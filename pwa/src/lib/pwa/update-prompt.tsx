import { Button, Group, Paper, Text } from "@mantine/core";
import { IconRefresh } from "@tabler/icons-react";
import { useEffect, useState } from "react";
import { useRegisterSW } from "virtual:pwa-register/react";
import classes from "./update-prompt.module.css";

/** How often an open tab asks the server for a new service worker. */
const UPDATE_CHECK_INTERVAL_MS = 60 * 60 * 1000;

function watchForUpdates(registration: ServiceWorkerRegistration): void {
  const check = () => {
    // Skip while offline: the check would fail and there is nothing to fetch.
    if (navigator.onLine) void registration.update().catch(() => undefined);
  };
  check();
  window.setInterval(check, UPDATE_CHECK_INTERVAL_MS);
}

/**
 * Registers the service worker and offers updates (see RegisteredUpdatePrompt).
 * A registration that failed (a first visit whose connection dropped before
 * the worker's files arrived) is tried again when the connection returns, so
 * the visit still ends with the app stored for offline use.
 */
export function UpdatePrompt() {
  const [attempt, setAttempt] = useState(0);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!failed) return;
    const retry = () => {
      setFailed(false);
      setAttempt((count) => count + 1);
    };
    if (navigator.onLine) {
      const timer = window.setTimeout(retry, 5000);
      return () => window.clearTimeout(timer);
    }
    window.addEventListener("online", retry, { once: true });
    return () => window.removeEventListener("online", retry);
  }, [failed]);
  return <RegisteredUpdatePrompt key={attempt} onRegisterError={() => setFailed(attempt < 10)} />;
}

/**
 * Registers the service worker (vite-plugin-pwa, registerType "prompt") and,
 * when a new version is waiting, offers to reload into it. "Reload" tells the
 * waiting worker to skip waiting; the page reloads once it takes control.
 */
function RegisteredUpdatePrompt({ onRegisterError }: { onRegisterError: () => void }) {
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    updateServiceWorker,
  } = useRegisterSW({
    onRegisteredSW(_url, registration) {
      if (registration) watchForUpdates(registration);
    },
    onRegisterError(error: unknown) {
      console.error("Service worker registration failed", error);
      onRegisterError();
    },
  });

  if (!needRefresh) return null;

  return (
    <Paper
      className={classes.banner}
      shadow="lg"
      radius="lg"
      p="md"
      withBorder
      role="status"
      aria-live="polite"
    >
      <Group justify="space-between" gap="sm" wrap="nowrap">
        <Text fw={600} size="sm">
          A new version is available
        </Text>
        <Group gap="xs" wrap="nowrap">
          <Button variant="subtle" size="xs" onClick={() => setNeedRefresh(false)}>
            Later
          </Button>
          <Button
            size="xs"
            leftSection={<IconRefresh size={14} />}
            onClick={() => void updateServiceWorker(true)}
          >
            Reload
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}
