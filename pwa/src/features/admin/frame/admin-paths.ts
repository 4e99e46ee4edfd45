/** The addresses of the admin's item pages (pwa/src/routes/admin/*.$id.tsx). */
export const bookingPath = (id: string) => `/admin/bookings/${encodeURIComponent(id)}`;
export const customerPath = (id: string) => `/admin/customers/${encodeURIComponent(id)}`;
export const messagePath = (id: string) => `/admin/messages/${encodeURIComponent(id)}`;

/**
 * The item of an item page's address (`/admin/bookings/<id>` → `<id>`). Read
 * from the location rather than the router's params hooks, whose module would
 * otherwise join the public pages' first view.
 */
export function itemIdOf(pathname: string): string {
  const segment = pathname.split("/")[3] ?? "";
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
