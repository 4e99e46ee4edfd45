import { useDocumentTitle } from "@mantine/hooks";
import { contactSettings } from "@car-rental/shared/site";

let prerenderedTitle: string | null = null;

/** Sets the document title of a page: "<page> | Alaminos Car Rental". */
export function usePageTitle(page: string): void {
  const title = page === "" ? contactSettings.name : `${page} | ${contactSettings.name}`;
  // At build time (prerendering) there is no document: the title goes into the page's HTML file.
  if (import.meta.env.SSR) prerenderedTitle = title;
  useDocumentTitle(title);
}

/** The title the last prerendered page asked for (build time only); resets it. */
export function takePrerenderedTitle(): string | null {
  const title = prerenderedTitle;
  prerenderedTitle = null;
  return title;
}
