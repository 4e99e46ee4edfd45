/** The badge an available car shows for its category (spec §4 "Fleet card"). */
export type CategoryBadge = "Popular" | "Available" | "Economy";

const badges: Readonly<Record<string, CategoryBadge>> = {
  "Premium SUV": "Popular",
  "Adventure SUV": "Available",
  "Compact Sedan": "Economy",
};

/** Premium SUV 'Popular', Adventure SUV 'Available', Compact Sedan 'Economy', any other 'Available'. */
export function categoryBadge(category: string): CategoryBadge {
  return Object.hasOwn(badges, category) ? (badges[category] ?? "Available") : "Available";
}

/**
 * Badge colours (dark enough for white text at 4.5:1, or light with dark text):
 * the popular pick stands out, the budget pick reads as a saving.
 */
export function categoryBadgeColor(badge: CategoryBadge): string {
  switch (badge) {
    case "Popular":
      return "yellow.4";
    case "Economy":
      return "teal.9";
    case "Available":
      return "brand.7";
  }
}
