/** The home page sections the header and footer scroll to (spec §2). */
export type HomeSectionId = "cars" | "booking" | "about" | "contact";

export type NavEntry =
  | { readonly kind: "anchor"; readonly label: string; readonly section: HomeSectionId }
  | { readonly kind: "page"; readonly label: string; readonly href: string }
  | { readonly kind: "disabled"; readonly label: string; readonly note: string };

/** Header entries, in the order of spec §2. */
export const HEADER_ENTRIES: readonly NavEntry[] = [
  { kind: "anchor", label: "Our Fleet", section: "cars" },
  { kind: "disabled", label: "Cars Sale", note: "Coming Soon" },
  { kind: "page", label: "PCC", href: "/pcc" },
  { kind: "anchor", label: "Book Now", section: "booking" },
  { kind: "anchor", label: "About", section: "about" },
  { kind: "anchor", label: "Contact", section: "contact" },
  // Release-2 §D2: the customer's own booking.
  { kind: "page", label: "My Booking", href: "/my-booking" },
  { kind: "page", label: "Admin", href: "/admin" },
];

/** Footer quick links: sections scroll, the legal pages navigate. */
export const FOOTER_QUICK_LINKS: readonly NavEntry[] = [
  { kind: "anchor", label: "Fleet", section: "cars" },
  { kind: "anchor", label: "Book Now", section: "booking" },
  { kind: "anchor", label: "About", section: "about" },
  { kind: "anchor", label: "Contact", section: "contact" },
  { kind: "page", label: "Terms of Service", href: "/terms" },
  { kind: "page", label: "Privacy Policy", href: "/privacy" },
];
