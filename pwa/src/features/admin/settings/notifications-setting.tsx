import { Button, Stack, Text, Title } from "@mantine/core";
import { useEffect, useId, useRef, useState } from "react";
import { showToast } from "../../../lib/toast";
import { useOnline } from "../../../lib/use-online";
import {
  confirmWithServer,
  currentSubscription,
  pushSupported,
  turnOffNotifications,
  turnOnNotifications,
} from "./push-subscription";

export const notificationMessages = {
  title: "Notifications",
  explain:
    "New bookings, cancellations, holds about to expire (and expired ones) and contact messages arrive on this device as notifications.",
  turnOn: "Turn on notifications",
  turnOff: "Turn off notifications",
  on: "Notifications are on for this device.",
  unsupported:
    "This browser cannot receive notifications. Install the app (on iPhone and iPad: Share, then Add to Home Screen) and open it from the home screen.",
  denied: "Notifications are blocked for this site in the browser's settings.",
  failed: "Notifications could not be turned on. Please try again.",
  needsConnection: "Turning notifications on or off needs a connection.",
} as const;

/**
 * Settings → Notifications (release-2 §D4): this device subscribes to the
 * owner's notifications, or stops. The server keeps one subscription per
 * device and forgets one the push service reports gone.
 */
export function NotificationsSetting() {
  const titleId = useId();
  const online = useOnline();
  const supported = pushSupported();
  const [subscribed, setSubscribed] = useState<boolean | null>(null);
  const [busy, setBusy] = useState(false);
  // Settings' own hand-over of the subscription: a turn-off waits for it, so it is not undone on the server.
  const confirming = useRef<Promise<void>>(Promise.resolve());

  useEffect(() => {
    if (!supported) return;
    let live = true;
    void currentSubscription()
      .then((subscription) => {
        if (!live) return;
        setSubscribed(subscription !== null);
        if (subscription && navigator.onLine) confirming.current = confirmWithServer(subscription);
      })
      .catch(() => live && setSubscribed(false));
    return () => {
      live = false;
    };
  }, [supported]);

  const toggle = async () => {
    setBusy(true);
    try {
      if (subscribed) {
        await confirming.current;
        await turnOffNotifications();
        setSubscribed(false);
      } else {
        const result = await turnOnNotifications(() => setSubscribed(true));
        setSubscribed(result === "on");
        if (result !== "on") showToast({ title: notificationMessages[result] }, "error");
      }
    } catch {
      showToast({ title: notificationMessages.failed }, "error");
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack component="section" aria-labelledby={titleId} gap="sm" maw={460}>
      <Title order={2} id={titleId} fz="xl">
        {notificationMessages.title}
      </Title>
      <Text size="sm" c="dimmed">
        {notificationMessages.explain}
      </Text>
      {!supported ? (
        <Text size="sm">{notificationMessages.unsupported}</Text>
      ) : (
        <>
          {subscribed && <Text size="sm">{notificationMessages.on}</Text>}
          <Button
            variant={subscribed ? "default" : "filled"}
            loading={busy}
            disabled={!online || subscribed === null}
            onClick={() => void toggle()}
            w="fit-content"
          >
            {subscribed ? notificationMessages.turnOff : notificationMessages.turnOn}
          </Button>
          {!online && <Text size="sm">{notificationMessages.needsConnection}</Text>}
        </>
      )}
    </Stack>
  );
}
