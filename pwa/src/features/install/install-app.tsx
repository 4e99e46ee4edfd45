import { IconDeviceMobileDown } from "@tabler/icons-react";
import { useId, useState, useSyncExternalStore } from "react";
import {
  currentInstallOffer,
  promptInstall,
  subscribeInstallOffer,
  type InstallOffer,
} from "../../lib/pwa/install-prompt";
import { buttonLook, ButtonInner } from "../../lib/light-ui";
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
  const look = buttonLook({ variant: "light", size, fullWidth, className, withLeftSection: true });
  const icon = <IconDeviceMobileDown size={18} aria-hidden />;
  if (offer === "prompt") {
    return (
      <button type="button" {...look} onClick={() => void promptInstall()}>
        <ButtonInner leftSection={icon}>Install app</ButtonInner>
      </button>
    );
  }
  return (
    <div className={classes.iosOffer}>
      <button
        type="button"
        {...look}
        aria-expanded={howToShown}
        aria-controls={howToId}
        onClick={() => setHowToShown((shown) => !shown)}
      >
        <ButtonInner leftSection={icon}>Install app</ButtonInner>
      </button>
      <p id={howToId} hidden={!howToShown} className={classes.howTo}>
        In Safari, tap Share, then <strong>Add to Home Screen</strong>.
      </p>
    </div>
  );
}
