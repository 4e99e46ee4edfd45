import { useDocumentTitle } from "@mantine/hooks";
import { contactSettings } from "@car-rental/shared/constants";

/** Sets the document title of a page: "<page> | Alaminos Car Rental". */
export function usePageTitle(page: string): void {
  useDocumentTitle(page === "" ? contactSettings.name : `${page} | ${contactSettings.name}`);
}
