/**
 * A contact message that could not go at once (offline, or no answer): `POST
 * /api/contact`, public, with the key of the first attempt, so the server
 * stores it once. No mirror row and no admin toast.
 */
import { publicRoutes as routes } from "@car-rental/shared/api-public";
import { contactMessageSchema } from "@car-rental/shared/schemas/contact";
import { defineMutation } from "../mutation";

export const sendContactMessage = defineMutation({
  name: "sendContactMessage",
  route: routes.sendContactMessage,
  input: contactMessageSchema,
  entity: "contact",
  // The message has no row: the entry stands for itself.
  rows: (_message, key) => ({ entityId: key }),
  request: (message) => ({ params: {}, body: message }),
  label: (_db, message) => {
    const about = message.subject ? ` (${message.subject})` : "";
    return `Contact message from ${message.firstName} ${message.lastName}${about}`;
  },
  messages: null,
});
