/**
 * Installing the app (release-2 §D5). Chromium-based browsers announce that
 * the app can be installed with `beforeinstallprompt`; the event is kept so
 * an `Install app` action can open the browser's own prompt later. Safari on
 * iPhone and iPad has no such event: there the action is a short how-to.
 * Nothing is offered once the app runs installed (display-mode standalone).
 *
 * The listener must be in place before the browser fires the event, which can
 * be soon after load: `captureInstallPrompt()` runs at boot (main.tsx), and an
 * event fired before that (the app starts after the first paint) was kept by
 * public/theme-init.js, which runs before it.
 */

declare global {
  interface Window {
    /** public/theme-init.js: the install announcement fired before the app listened, if any (once). */
    takeEarlyInstallPrompt?: () => Event | null;
  }
}

/** The part of Chromium's BeforeInstallPromptEvent the app uses (not in TypeScript's DOM types). */
type InstallPromptEvent = Event & {
  prompt?: () => Promise<unknown>;
  userChoice?: Promise<{ outcome: "accepted" | "dismissed" }>;
};

/** What the install action offers: the browser's prompt, the iOS how-to, or nothing. */
export type InstallOffer = "prompt" | "ios" | null;

let deferred: InstallPromptEvent | null = null;
let installed = false;
const listeners = new Set<() => void>();
let captured = false;

function notify(): void {
  for (const listener of listeners) listener();
}

const STANDALONE_QUERY = "(display-mode: standalone)";

/** Whether the page runs as the installed app. */
export function runsInstalled(): boolean {
  if (typeof window === "undefined") return false;
  const standalone = typeof window.matchMedia === "function" && window.matchMedia(STANDALONE_QUERY).matches;
  // iOS Safari's own flag for a page opened from the home screen.
  const iosStandalone = "standalone" in navigator && navigator.standalone === true;
  return standalone || iosStandalone;
}

/** iPhone, iPod or iPad (iPadOS presents itself as a Mac with a touch screen). */
export function isAppleMobile(userAgent: string, platform: string, maxTouchPoints: number): boolean {
  return /iPhone|iPad|iPod/.test(userAgent) || (platform === "MacIntel" && maxTouchPoints > 1);
}

/** Starts listening for the browser's install events; safe to call more than once. */
export function captureInstallPrompt(): void {
  if (captured || typeof window === "undefined") return;
  captured = true;
  window.addEventListener("beforeinstallprompt", (event: Event) => {
    // Keep the browser's mini-infobar away: the app offers installation where it makes sense.
    event.preventDefault();
    deferred = event;
    notify();
  });
  const early = window.takeEarlyInstallPrompt?.() ?? null;
  if (early && !deferred) {
    deferred = early;
    notify();
  }
  window.addEventListener("appinstalled", () => {
    installed = true;
    deferred = null;
    notify();
  });
  if (typeof window.matchMedia === "function") {
    window.matchMedia(STANDALONE_QUERY).addEventListener("change", notify);
  }
}

/** The current offer (see `InstallOffer`). */
export function currentInstallOffer(): InstallOffer {
  if (typeof window === "undefined" || installed || runsInstalled()) return null;
  if (deferred) return "prompt";
  return isAppleMobile(navigator.userAgent, navigator.platform, navigator.maxTouchPoints) ? "ios" : null;
}

export function subscribeInstallOffer(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Opens the browser's install prompt. The event can be used once: whatever
 * the visitor answers, the offer goes away until the browser announces it again.
 */
export async function promptInstall(): Promise<"accepted" | "dismissed" | "unavailable"> {
  const event = deferred;
  if (!event || typeof event.prompt !== "function") return "unavailable";
  deferred = null;
  notify();
  await event.prompt();
  const choice = await event.userChoice;
  if (choice?.outcome === "accepted") {
    installed = true;
    notify();
    return "accepted";
  }
  return "dismissed";
}
