import { ContactSection } from "../contact/contact-form";

/**
 * The contact form's place in the home page's #contact section (spec §2:
 * first name, last name, email, phone, subject, message), lazy-loaded with
 * the rest of the content below the fold.
 */
export function ContactFormSlot() {
  return <ContactSection />;
}
