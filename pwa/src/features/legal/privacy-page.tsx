import { Anchor } from "@mantine/core";
import { contactSettings, rentalTerms } from "@car-rental/shared/constants";
import { usePageTitle } from "../../lib/page-title";
import { LEGAL_LAST_UPDATED } from "./legal-content";
import { LegalDocument, type LegalSection } from "./legal-document";

const email = <Anchor href={`mailto:${contactSettings.email}`}>{contactSettings.email}</Anchor>;

const sections: readonly LegalSection[] = [
  {
    id: "who-we-are",
    heading: "Who we are",
    body: (
      <p>
        {contactSettings.name}, {contactSettings.address}, is the personal information controller for the data
        described here. We process personal data in line with the Data Privacy Act of 2012 (Republic Act No.
        10173). You can reach our data protection officer at {email}.
      </p>
    ),
  },
  {
    id: "what-we-collect",
    heading: "What we collect",
    body: (
      <ul>
        <li>
          <strong>Booking details:</strong> your full name, email address, phone number, driver&apos;s license
          number, Facebook profile if you give one, the vehicle, dates, pickup time, services chosen, delivery
          address and prices.
        </li>
        <li>
          <strong>Documents:</strong> the two photo IDs and the proof of billing you upload when booking.
        </li>
        <li>
          <strong>Payments:</strong> the amounts paid on each booking.
        </li>
        <li>
          <strong>Messages:</strong> what you send through the contact form: name, email, phone, subject and
          message.
        </li>
        <li>
          <strong>Technical data:</strong> server logs (IP address, time, page requested) kept for security.
          We use no advertising or tracking cookies.
        </li>
      </ul>
    ),
  },
  {
    id: "why",
    heading: "Why we use it",
    body: (
      <ul>
        <li>
          to take, confirm and carry out your booking, and send you its confirmation (performance of a
          contract);
        </li>
        <li>to verify your identity and driving eligibility and to prevent fraud (legitimate interest);</li>
        <li>to answer your messages and call you about your rental;</li>
        <li>to keep the accounting and tax records the law requires (legal obligation).</li>
      </ul>
    ),
  },
  {
    id: "sharing",
    heading: "Who we share it with",
    body: (
      <>
        <p>We never sell your data. We share it only when needed:</p>
        <ul>
          <li>with our insurer, if there is a claim on your rental;</li>
          <li>
            with the police or other authorities when the law requires it, for example after an accident;
          </li>
          <li>
            with the companies that host our website and send our emails, under agreements that oblige them to
            protect it.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: "security",
    heading: "How we protect it",
    body: (
      <p>
        All traffic to this site is encrypted. Uploaded documents are stored privately: they are never public,
        and only our authorised staff, signed in to the admin area, can open them. Access to customer records
        is limited to the staff who handle bookings.
      </p>
    ),
  },
  {
    id: "retention",
    heading: "How long we keep it",
    body: (
      <p>
        We keep booking, customer and payment records and the uploaded documents for{" "}
        {rentalTerms.dataRetentionYears} years after your last rental, as required for accounting, tax and
        insurance purposes. After that, we delete or anonymise them. Contact messages that did not lead to a
        booking are deleted sooner, once they are answered and no longer needed.
      </p>
    ),
  },
  {
    id: "device",
    heading: "Data on your device",
    body: (
      <p>
        This website can be installed as an app and works offline. To do that it stores the pages, the fleet
        and the availability of cars you looked at on your device, and remembers your light or dark theme
        choice. This data stays in your browser; clearing the site&apos;s data removes it. Signing in to the
        admin area sets one cookie that keeps the session; it is not used for anything else.
      </p>
    ),
  },
  {
    id: "your-rights",
    heading: "Your rights",
    body: (
      <>
        <p>Under the Data Privacy Act you have the right to:</p>
        <ul>
          <li>be informed about how your data is processed;</li>
          <li>access your data and get a copy of it;</li>
          <li>have inaccurate data corrected;</li>
          <li>object to processing, and have data erased or blocked when it is no longer needed;</li>
          <li>data portability, and to claim damages;</li>
          <li>file a complaint with the National Privacy Commission.</li>
        </ul>
        <p>To use any of these rights, email {email}. We answer within 15 working days.</p>
      </>
    ),
  },
  {
    id: "children",
    heading: "Children",
    body: (
      <p>
        This service is not for people under {rentalTerms.privacyMinimumAge}. We do not knowingly collect data
        about anyone under {rentalTerms.privacyMinimumAge}; renters must be at least {rentalTerms.minimumAge}.
      </p>
    ),
  },
  {
    id: "changes",
    heading: "Changes to this policy",
    body: (
      <p>
        When we change this policy we update the date at the top of this page. Important changes are announced
        on the home page.
      </p>
    ),
  },
  {
    id: "contact",
    heading: "Contact",
    body: (
      <p>
        {contactSettings.name}, {contactSettings.address}. Phone {contactSettings.phones.join(" or ")}, email{" "}
        {email}.
      </p>
    ),
  },
];

export function PrivacyPage() {
  usePageTitle("Privacy Policy");
  return (
    <LegalDocument
      title="Privacy Policy"
      lastUpdated={LEGAL_LAST_UPDATED}
      intro={
        <p>
          We collect only what we need to rent you a car safely, keep it private, and keep it for{" "}
          {rentalTerms.dataRetentionYears} years as the law requires. This page explains what we collect, why,
          and your rights.
        </p>
      }
      sections={sections}
    />
  );
}
