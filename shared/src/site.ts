/**
 * The business's contact details and claims, and the interface's timings:
 * what every page's first view shows or uses. Apart from constants.ts (which
 * re-exports them) so that a page's first view does not load every business
 * constant of spec §9 with them.
 */

export const contactSettings = {
  name: "Alaminos Car Rental",
  phones: ["+63 917 123 4567", "+63 998 765 4321"],
  /** The primary phone, in the form a `tel:` link takes. */
  primaryPhoneTel: "+639171234567",
  email: "bookings@alaminoscarrental.ph",
  address: "Quezon Avenue, Poblacion, Alaminos City, Pangasinan",
  mapsUrl: "https://maps.google.com/?q=Quezon+Avenue,+Poblacion,+Alaminos+City,+Pangasinan",
  hours: "Monday to Sunday, 8:00 AM to 6:00 PM",
} as const;

/** The sister car-care shop's name (the footer links to its page; its details are pccSettings in constants.ts). */
export const PCC_NAME = "Pangasinan Car Care";

export const marketingClaims = {
  yearsOfService: "5+",
  customers: "2,000+",
  vehicles: "20+",
  rating: "4.9",
} as const;

export const TOAST_DURATION_MS = 5000;
export const TOOLTIP_OPEN_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;
