import { createTheme, type CSSVariablesResolver, type MantineColorsTuple } from "@mantine/core";
import { TOOLTIP_OPEN_DELAY_MS, TOOLTIP_SKIP_DELAY_MS } from "@car-rental/shared/site";
import { modalRootClassNames } from "./open-modal-class";

/** Hundred Islands sea blue: the brand colour. Shade 7 carries white text at 6.2:1. */
const brand: MantineColorsTuple = [
  "#e7f7fa",
  "#c9ecf3",
  "#98d8e6",
  "#62c2d6",
  "#36afc9",
  "#1b9fbd",
  "#0e7f99",
  "#0b6a80",
  "#085567",
  "#05404e",
];

/** A blue-slate dark palette, so dark mode keeps the seaside feel. */
const dark: MantineColorsTuple = [
  "#d5dde5",
  "#b3bfcb",
  "#8e9cab",
  "#66768a",
  "#3d4a5a",
  "#2b3644",
  "#202a36",
  "#18212b",
  "#111820",
  "#0b1117",
];

const fontStack =
  'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif, "Apple Color Emoji", "Segoe UI Emoji"';

const CLOSE_BUTTON = { "aria-label": "Close" };

export const mantineTheme = createTheme({
  primaryColor: "brand",
  primaryShade: { light: 7, dark: 6 },
  colors: { brand, dark },
  fontFamily: fontStack,
  headings: {
    fontFamily: fontStack,
    fontWeight: "800",
    sizes: {
      h1: { fontSize: "clamp(2.25rem, 5vw + 1rem, 3.75rem)", lineHeight: "1.08" },
      h2: { fontSize: "clamp(1.75rem, 2.5vw + 1rem, 2.5rem)", lineHeight: "1.15" },
      h3: { fontSize: "1.25rem", lineHeight: "1.3" },
    },
  },
  defaultRadius: "md",
  radius: { xs: "4px", sm: "6px", md: "10px", lg: "16px", xl: "24px" },
  cursorType: "pointer",
  focusRing: "auto",
  respectReducedMotion: true,
  components: {
    // Spec §9 delays for every Mantine tooltip. Set here (not with a root
    // Tooltip.Group) so the first view does not load the positioning library;
    // a feature that shows several tooltips wraps them in <Tooltip.Group> with
    // the same two constants to get the 300 ms skip delay between them.
    Tooltip: { defaultProps: { openDelay: TOOLTIP_OPEN_DELAY_MS, withArrow: true } },
    TooltipGroup: { defaultProps: { openDelay: TOOLTIP_OPEN_DELAY_MS, closeDelay: TOOLTIP_SKIP_DELAY_MS } },
    Button: { defaultProps: { radius: "md" } },
    Card: { defaultProps: { radius: "lg", withBorder: true } },
    Container: { defaultProps: { size: "lg" } },
    // Every dialog's X is named 'Close' (a dialog with its own visible 'Close'
    // button, the booking confirmation, sets withCloseButton={false}, so the
    // name is never in a dialog twice). While a dialog is open, the rest of the
    // app is inert: modalRootClassNames marks it (see modal-inert.ts).
    Modal: { defaultProps: { closeButtonProps: CLOSE_BUTTON }, classNames: modalRootClassNames },
    Drawer: { defaultProps: { closeButtonProps: CLOSE_BUTTON }, classNames: modalRootClassNames },
  },
});

/**
 * Mantine's light "dimmed" text (gray 6, #868e96) reads at only 3.3:1 on white.
 * This slate grey keeps the muted look at 5.7:1 on white and 5.4:1 on the
 * grey-0 footer (WCAG AA 4.5:1); dark mode's dimmed (dark 2) already passes.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { "--mantine-color-dimmed": "#5f6770" },
  dark: {},
});
