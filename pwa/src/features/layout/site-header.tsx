import { useWindowScroll } from "@mantine/hooks";
import { IconCloudCheck, IconMoon, IconWifiOff, IconPhone, IconSun } from "@tabler/icons-react";
import { useRouterState } from "@tanstack/react-router";
import { Suspense, useEffect, useId, useRef, useState, useSyncExternalStore } from "react";
import { flushSync } from "react-dom";
import { contactSettings, TOOLTIP_OPEN_DELAY_MS } from "@car-rental/shared/site";
import { outboxMayHaveEntries, subscribeOutboxHint } from "../../lib/outbox-hint";
import { useOnline } from "../../lib/use-online";
import {
  actionIconLook,
  ActionIconInner,
  Badge,
  burgerLook,
  buttonLook,
  ButtonInner,
} from "../../lib/light-ui";
import { syncStatusText } from "../outbox/sync-status-text";
import { useHydrated } from "../../lib/prerender/hydration";
import { useTheme } from "../../lib/theme";
import { InstallApp } from "../install/install-app";
import { AnchorLink } from "./anchor-link";
import { Logo } from "./logo";
import { HEADER_ENTRIES, type NavEntry } from "./nav-entries";
import classes from "./site-header.module.css";
import { lazyRetrying } from "../../lib/lazy-retrying";

// Online/offline and the waiting changes of the outbox. It reads IndexedDB (Dexie), so a visitor
// who is online with nothing waiting does not load it: it appears when offline, when changes
// wait, and in the admin area.
const SyncStatus = lazyRetrying(() =>
  import("../outbox/sync-status").then((m) => ({ default: m.SyncStatus })),
);

const ALL_SAVED = syncStatusText(true, { total: 0, failed: 0, needsAuth: 0 }).label;
const OFFLINE = syncStatusText(false, { total: 0, failed: 0, needsAuth: 0 }).label;

/**
 * The sync indicator before IndexedDB is read: the connection, and that nothing
 * waits to sync unless the outbox hint says something may.
 */
function QuietSyncStatus({
  online,
  waiting,
  onOpen,
}: {
  online: boolean;
  waiting: boolean;
  onOpen?: () => void;
}) {
  const label = waiting ? (online ? "Online" : "Offline") : online ? ALL_SAVED : OFFLINE;
  return (
    <button
      type="button"
      {...buttonLook({ variant: "subtle", color: "gray", size: "compact-sm", withLeftSection: true })}
      aria-label={label}
      title={label}
      aria-haspopup="dialog"
      aria-expanded={false}
      onClick={onOpen}
      // public/theme-init.js shows the connection on it until the app has started.
      data-sync-status=""
    >
      <ButtonInner
        leftSection={
          online ? <IconCloudCheck size={18} aria-hidden /> : <IconWifiOff size={18} aria-hidden />
        }
      >
        {online ? null : <span data-sync-word="">Offline</span>}
      </ButtonInner>
    </button>
  );
}

function HeaderSyncStatus({ pathname }: { pathname: string }) {
  const online = useOnline();
  const waiting = useSyncExternalStore(subscribeOutboxHint, outboxMayHaveEntries, () => false);
  const [opened, setOpened] = useState(false);
  if (online && !waiting && !opened && !pathname.startsWith("/admin")) {
    // Same look and name as the full indicator, without loading IndexedDB until it is opened.
    return <QuietSyncStatus online waiting={false} onOpen={() => setOpened(true)} />;
  }
  // Until its code is loaded (a first visit that lost its connection waits for it to return),
  // the quiet indicator stands in.
  return (
    <Suspense fallback={<QuietSyncStatus online={online} waiting={waiting} />}>
      <SyncStatus initiallyOpen={opened} />
    </Suspense>
  );
}

const MOBILE_MENU_ID = "mobile-menu";
/** Where the desktop navigation replaces the burger (site-header.module.css). */
const WIDE_SCREEN_QUERY = "(min-width: 72em)";

type EntryProps = {
  entry: NavEntry;
  className: string | undefined;
  pathname: string;
  onNavigate?: () => void;
  inMenu?: boolean;
};

function NavEntryLink({ entry, className, pathname, onNavigate, inMenu = false }: EntryProps) {
  switch (entry.kind) {
    case "anchor":
      return (
        <AnchorLink section={entry.section} className={className} onClick={onNavigate}>
          {entry.label}
        </AnchorLink>
      );
    case "page":
      // A real link: other pages load with a full page navigation (spec §2).
      return (
        <a
          href={entry.href}
          className={className}
          onClick={onNavigate}
          // The admin's screens (/admin/bookings…) are all "the Admin page" of the menu.
          aria-current={pathname === entry.href || pathname.startsWith(`${entry.href}/`) ? "page" : undefined}
        >
          {entry.label}
        </a>
      );
    case "disabled":
      return <ComingSoonEntry entry={entry} className={className} withTooltip={!inMenu} />;
  }
}

type ComingSoonEntryProps = {
  entry: Extract<NavEntry, { kind: "disabled" }>;
  className: string | undefined;
  withTooltip: boolean;
};

/**
 * A disabled entry with its 'Coming Soon' label and tooltip. The tooltip is
 * mounted only while shown (after the spec's 700 ms of hover or keyboard
 * focus; Escape dismisses it), so its text is not in the page twice the rest
 * of the time. It is plain markup: no positioning library in the first view's
 * bundle.
 */
function ComingSoonEntry({ entry, className, withTooltip }: ComingSoonEntryProps) {
  const tooltipId = useId();
  const [tooltipShown, setTooltipShown] = useState(false);
  const openTimer = useRef<number | undefined>(undefined);

  const showSoon = () => {
    window.clearTimeout(openTimer.current);
    openTimer.current = window.setTimeout(() => setTooltipShown(true), TOOLTIP_OPEN_DELAY_MS);
  };
  const hide = () => {
    window.clearTimeout(openTimer.current);
    setTooltipShown(false);
  };
  useEffect(() => () => window.clearTimeout(openTimer.current), []);
  // Dismissible without moving the pointer or the focus (WCAG 1.4.13).
  useEffect(() => {
    if (!tooltipShown) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape") setTooltipShown(false);
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [tooltipShown]);

  const tooltipEvents = withTooltip
    ? { onMouseEnter: showSoon, onMouseLeave: hide, onFocus: showSoon, onBlur: hide }
    : {};
  return (
    <span className={classes.soonWrap} {...tooltipEvents}>
      <span
        className={className}
        data-disabled="true"
        aria-disabled="true"
        role="link"
        tabIndex={0}
        aria-describedby={tooltipShown ? tooltipId : undefined}
      >
        {entry.label}
        <Badge size="xs" color="orange" className={classes.soonBadge}>
          {entry.note}
        </Badge>
      </span>
      {tooltipShown && (
        <span role="tooltip" id={tooltipId} className={classes.tooltip}>
          {entry.note}
        </span>
      )}
    </span>
  );
}

function ThemeToggle() {
  const { theme, toggleTheme } = useTheme();
  // The prerendered HTML is light; public/theme-init.js has already applied the real
  // theme, which picks the icon through CSS. The label follows once hydrated.
  const shown = useHydrated() ? theme : "light";
  const next = shown === "dark" ? "light" : "dark";
  return (
    <button
      type="button"
      {...actionIconLook()}
      onClick={toggleTheme}
      aria-label={`Switch to ${next} theme`}
      title={`Switch to ${next} theme`}
    >
      <ActionIconInner>
        <IconSun size={20} stroke={1.8} className={classes.iconInDark} />
        <IconMoon size={20} stroke={1.8} className={classes.iconInLight} />
      </ActionIconInner>
    </button>
  );
}

/** The sticky site header of spec §2, with its mobile menu. */
export function SiteHeader() {
  const [menuOpen, setMenuOpen] = useState(false);
  const [scroll] = useWindowScroll();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  // Closed at once (not at the end of the click): the open menu is part of the
  // page's flow, so a section's position is only right once it is gone.
  const closeMenu = () => flushSync(() => setMenuOpen(false));

  useEffect(() => {
    if (!menuOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape") setMenuOpen(false);
    };
    window.addEventListener("keydown", onKeyDown);
    // A screen grown wide enough for the desktop navigation has no menu to show: close it.
    const wideScreen = typeof window.matchMedia === "function" ? window.matchMedia(WIDE_SCREEN_QUERY) : null;
    const onWidthChange = () => {
      if (wideScreen?.matches) setMenuOpen(false);
    };
    onWidthChange();
    wideScreen?.addEventListener("change", onWidthChange);
    return () => {
      window.removeEventListener("keydown", onKeyDown);
      wideScreen?.removeEventListener("change", onWidthChange);
    };
  }, [menuOpen]);

  return (
    <header className={classes.header} data-scrolled={scroll.y > 8 || menuOpen ? "true" : undefined}>
      <div className={classes.inner}>
        <Logo />
        <nav aria-label="Main" className={classes.desktopNav}>
          {/* The open menu holds the entries (the desktop ones are hidden on a small screen): each text once in the page. */}
          {!menuOpen &&
            HEADER_ENTRIES.map((entry) => (
              <NavEntryLink key={entry.label} entry={entry} className={classes.navLink} pathname={pathname} />
            ))}
        </nav>
        <div className={classes.actions}>
          {/* On a wide screen, beside the actions; on a phone it is in the menu. */}
          {!menuOpen && (
            <div className={classes.desktopInstall}>
              <InstallApp />
            </div>
          )}
          <HeaderSyncStatus pathname={pathname} />
          <ThemeToggle />
          <button
            type="button"
            {...burgerLook({ className: classes.burger, opened: menuOpen })}
            onClick={() => setMenuOpen((open) => !open)}
            aria-label={menuOpen ? "Close menu" : "Open menu"}
            aria-expanded={menuOpen}
            aria-controls={MOBILE_MENU_ID}
          />
        </div>
      </div>
      {/* Always in the page, so the burger's aria-controls names an element; its content only while open. */}
      <nav id={MOBILE_MENU_ID} aria-label="Mobile" className={classes.mobileMenu} hidden={!menuOpen}>
        {menuOpen && (
          <>
            {HEADER_ENTRIES.map((entry) => (
              <NavEntryLink
                key={entry.label}
                entry={entry}
                className={classes.mobileLink}
                pathname={pathname}
                onNavigate={closeMenu}
                inMenu
              />
            ))}
            {/* Spec §2 calls it a button; it opens the telephone link. */}
            <a
              role="button"
              href={`tel:${contactSettings.primaryPhoneTel}`}
              {...buttonLook({
                size: "md",
                fullWidth: true,
                withLeftSection: true,
                className: classes.callNow,
              })}
            >
              <ButtonInner leftSection={<IconPhone size={18} />}>Call Now</ButtonInner>
            </a>
            <p className={classes.menuPhone}>{contactSettings.phones[0]}</p>
            <div className={classes.menuInstall}>
              <InstallApp size="md" fullWidth />
            </div>
          </>
        )}
      </nav>
    </header>
  );
}
