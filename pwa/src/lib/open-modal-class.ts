/**
 * The mark of an open dialog: the theme (mantine-theme.ts) puts this class on
 * the root element of every Modal and Drawer while its `opened` prop is true,
 * and modal-inert.ts hides the rest of the app while one is there. No DOM
 * here: the theme is also read by a Node script (scripts/write-mantine-variables.ts).
 */
export const OPEN_MODAL_CLASS = "app-modal-open";

/** The theme's `classNames` of Modal and Drawer: the open marker on their root. */
export function modalRootClassNames(_theme: unknown, props: { opened?: boolean }): { root: string } {
  return { root: props.opened ? OPEN_MODAL_CLASS : "" };
}
