import { Button } from "@mantine/core";
import { IconDeviceMobileDown } from "@tabler/icons-react";
import { useId, useState, useSyncExternalStore } from "react";
import {
  currentInstallOffer,
  promptInstall,
  subscribeInstallOffer,
  type InstallOffer,
} from "../../lib/pwa/install-prompt";
import classes from "./install-app.module.css";

/** The install offer, re-read whenever the browser changes it; none in the prerendered HTML. */
export function useInstallOffer(): InstallOffer {
  return useSyncExternalStore(subscribeInstallOffer, currentInstallOffer, () => null);
}

type InstallAppProps = {
  /** Extra class of the button (the header and the confirmation style it differently). */
  className?: string;
  fullWidth?: boolean;
  size?: "sm" | "md";
};

/**
 * `Install app` (release-2 §D5): where the browser offers installation it
 * opens the browser's own prompt; on iPhone and iPad it shows how to add the
 * app from Safari's Share menu; once installed it renders nothing.
 */
export function InstallApp({ className, fullWidth = false, size = "sm" }: InstallAppProps) {
  const offer = useInstallOffer();
  const howToId = useId();
  const [howToShown, setHowToShown] = useState(false);
  if (offer === null) return null;
  if (offer === "prompt") {
    return (
      <Button
        variant="light"
        size={size}
        fullWidth={fullWidth}
        className={className}
        leftSection={<IconDeviceMobileDown size={18} aria-hidden />}
        onClick={() => void promptInstall()}
      >
        Install app
      </Button>
    );
  }
  return (
    <div className={classes.iosOffer}>
      <Button
        variant="light"
        size={size}
        fullWidth={fullWidth}
        className={className}
        leftSection={<IconDeviceMobileDown size={18} aria-hidden />}
        aria-expanded={howToShown}
        aria-controls={howToId}
        onClick={() => setHowToShown((shown) => !shown)}
      >
        Install app
      </Button>
      <p id={howToId} hidden={!howToShown} className={classes.howTo}>
        In Safari, tap Share, then <strong>Add to Home Screen</strong>.
      </p>
    </div>
  );
}
