import {
  DEFAULT_PICKUP_TIME,
  DISTANCE_SERVICES,
  DRIVER_SERVICES,
  TIME_SLOTS,
  contactSettings,
  distanceServiceOptions,
  driverServiceOptions,
  rentalTerms,
} from "@car-rental/shared/constants";
import { formatBookedOn, formatLongDate } from "@car-rental/shared/dates";
import { NO_CONTACT_SUBJECT } from "@car-rental/shared/messages";
import { DEPOSIT_LABEL, DEPOSIT_NOTE, depositAmount } from "@car-rental/shared/deposit";
import { formatPeso, toMoneyString, tryParseMoney, type MoneyInput } from "@car-rental/shared/money";
import {
  bookingPriceLines,
  discountAmountLabel,
  rentalLineLabel,
  type DiscountLine,
  type RentalLine,
} from "@car-rental/shared/rates";
import type { QueuedMail } from "./mail-outbox";

export type MailCustomer = { fullName: string; email: string; phone?: string | null | undefined };
export type MailCar = { name: string; category: string; transmission: string; fuel: string };
export type MailBooking = {
  id: string;
  /** 'YYYY-MM-DD' */
  pickupDate: string;
  returnDate: string;
  /** A slot label ('9:00 AM') or a SQL time ('09:00:00'); '9:00 AM' when empty. */
  pickupTime?: string | null | undefined;
  totalDays: number;
  dailyRate: MoneyInput;
  subtotal: MoneyInput;
  driverService: string;
  driverFee: MoneyInput;
  distanceService: string;
  distanceFee: MoneyInput;
  insurance: MoneyInput;
  total: MoneyInput;
  /** Release-2 §E2: the booking's security deposit, shown apart from the total (none when absent or 0). */
  deposit?: MoneyInput | undefined;
  wantsDelivery: boolean;
  deliveryAddress?: string | null | undefined;
  createdAt?: string | Date | null | undefined;
  /** Used when no `customer` is given (a booking view carries these). */
  customerName?: string | undefined;
  customerEmail?: string | undefined;
  reference?: string | undefined;
  /** The day lines and length discount the booking was priced with (release-2 §E1); absent: one line. */
  priceLines?: RentalLine[] | undefined;
  discount?: DiscountLine | null | undefined;
};
/**
 * What a booking mail is made of. `customer` may be left out when the booking
 * carries `customerName` and `customerEmail` (the booking view does).
 */
export type BookingMailInput = {
  booking: MailBooking;
  car: MailCar;
  customer?: MailCustomer | undefined;
  /** The site's address, linked from the mail when known. */
  publicUrl?: string | undefined;
  /** The customer's `/my-booking?ref=…&token=…` address (absolute when the site's address is known). */
  myBookingLink?: string | undefined;
};

export type ContactMailInput = {
  firstName: string;
  lastName: string;
  email: string;
  phone?: string | null | undefined;
  subject?: string | null | undefined;
  message: string;
};

/** The Important Information bullets of the confirmation (spec §2). */
export const importantInformation = [
  `Changes or cancellations need at least ${rentalTerms.freeCancellationHours} hours notice.`,
  "Fuel must be returned at the same level as at pickup.",
  "The vehicle is inspected before and after the rental.",
  "Please bring a valid driver's license.",
  "Late returns may be charged.",
  "When a driver is hired, the renter provides the driver's meals and accommodation.",
] as const;

export const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c,
  );

/** '09:00:00' or '9:00 AM' → '9:00 AM'. */
export function pickupTimeLabel(value: string | null | undefined): string {
  const text = value?.trim() ?? "";
  if (text === "") return DEFAULT_PICKUP_TIME;
  if (TIME_SLOTS.some((slot) => slot.label === text)) return text;
  const match = /^(\d{1,2}):(\d{2})/.exec(text);
  if (!match) return text;
  const hour = Number(match[1]);
  const suffix = hour >= 12 ? "PM" : "AM";
  return `${hour % 12 === 0 ? 12 : hour % 12}:${match[2]} ${suffix}`;
}

const daysLabel = (days: number) => `${days} ${days === 1 ? "day" : "days"}`;
const isPositive = (amount: MoneyInput) => (tryParseMoney(amount) ?? 0n) > 0n;
const perDay = (amount: MoneyInput, days: number) => {
  const centavos = tryParseMoney(amount) ?? 0n;
  return days > 0 ? formatPeso(centavos / BigInt(days)) : formatPeso(centavos);
};

function serviceLines(booking: MailBooking): { label: string; value: string }[] {
  const driverKey = DRIVER_SERVICES.find((s) => s === booking.driverService);
  const distanceKey = DISTANCE_SERVICES.find((s) => s === booking.distanceService);
  const driver = driverKey
    ? driverServiceOptions[driverKey]
    : { label: booking.driverService, description: "" };
  const distance = distanceKey
    ? distanceServiceOptions[distanceKey]
    : { label: booking.distanceService, description: "" };
  return [
    { label: "Driver service", value: `${driver.label}. ${driver.description}`.trim() },
    { label: "Distance", value: `${distance.label}. ${distance.description}`.trim() },
  ];
}

function priceLines(booking: MailBooking): { label: string; value: string; total?: boolean }[] {
  const days = booking.totalDays;
  // One line per day price the booking was stored with (`2 days × ₱3,250 (Holy Week)`), then its discount.
  const price = bookingPriceLines({
    totalDays: days,
    dailyRate: toMoneyString(tryParseMoney(booking.dailyRate) ?? 0n),
    subtotal: toMoneyString(tryParseMoney(booking.subtotal) ?? 0n),
    priceLines: booking.priceLines,
    discount: booking.discount,
  });
  const lines: { label: string; value: string; total?: boolean }[] = price.lines.map((line) => ({
    label: `Vehicle rental (${rentalLineLabel(line)})`,
    value: formatPeso(line.amount),
  }));
  if (price.discount) {
    lines.push({ label: price.discount.label, value: discountAmountLabel(price.discount) });
  }
  if (isPositive(booking.driverFee)) {
    lines.push({
      label: `Driver service (${daysLabel(days)} × ${perDay(booking.driverFee, days)})`,
      value: formatPeso(booking.driverFee),
    });
  }
  lines.push({
    label: isPositive(booking.distanceFee)
      ? `Distance fee (${daysLabel(days)} × ${perDay(booking.distanceFee, days)})`
      : "Distance fee",
    value: formatPeso(booking.distanceFee),
  });
  lines.push({ label: "Insurance", value: formatPeso(booking.insurance) });
  lines.push({ label: "Total", value: formatPeso(booking.total), total: true });
  return lines;
}

/** The reference people quote (`ACR-7K3Q9P`); a booking view from before references has only its id. */
export function bookingReference(booking: { id: string; reference?: string | undefined }): string {
  return booking.reference ?? booking.id.toUpperCase();
}

export function customerOf(input: BookingMailInput): MailCustomer {
  return (
    input.customer ?? {
      fullName: input.booking.customerName ?? "",
      email: input.booking.customerEmail ?? "",
    }
  );
}

function bookingFacts(input: BookingMailInput): { heading: string; rows: [string, string][] }[] {
  const { booking, car } = input;
  const customer = customerOf(input);
  const time = pickupTimeLabel(booking.pickupTime);
  return [
    {
      heading: "Booking Reference",
      rows: [
        ["Reference", bookingReference(booking)],
        ["Booked on", formatBookedOn(booking.createdAt ?? new Date())],
      ],
    },
    {
      heading: "Customer Information",
      rows: [
        ["Name", customer.fullName],
        ["Email", customer.email],
        ...(customer.phone ? [["Phone", customer.phone] satisfies [string, string]] : []),
      ],
    },
    {
      heading: "Vehicle Details",
      rows: [
        ["Vehicle", car.name],
        ["Category", car.category],
        ["Transmission", car.transmission],
        ["Fuel", car.fuel],
      ],
    },
    {
      heading: "Rental Period",
      rows: [
        ["Pickup", `${formatLongDate(booking.pickupDate)}, ${time}`],
        ["Return", `${formatLongDate(booking.returnDate)}, ${time}`],
        ["Duration", daysLabel(booking.totalDays)],
        ["Pickup time", time],
        ...(booking.wantsDelivery
          ? [
              ["Delivery to", booking.deliveryAddress?.trim() || "Address to be confirmed"] satisfies [
                string,
                string,
              ],
            ]
          : []),
      ],
    },
    {
      heading: "Selected Services",
      rows: serviceLines(booking).map((line): [string, string] => [line.label, line.value]),
    },
    ...depositSection(booking),
  ];
}

/** Release-2 §E2: the deposit in a section of its own, apart from the pricing summary and its total. */
function depositSection(booking: MailBooking): { heading: string; rows: [string, string][] }[] {
  const amount = depositAmount(booking.deposit);
  return amount ? [{ heading: DEPOSIT_LABEL, rows: [[DEPOSIT_LABEL, `${amount}. ${DEPOSIT_NOTE}`]] }] : [];
}

export const businessLines = (publicUrl: string | undefined) => [
  contactSettings.name,
  contactSettings.address,
  `Phone: ${contactSettings.phones.join(" / ")}`,
  `Email: ${contactSettings.email}`,
  `Hours: ${contactSettings.hours}`,
  ...(publicUrl ? [`Website: ${publicUrl}`] : []),
];

export function renderText(intro: string[], input: BookingMailInput, outro: string[]): string {
  const out: string[] = [...intro, ""];
  for (const section of bookingFacts(input)) {
    out.push(section.heading.toUpperCase());
    for (const [label, value] of section.rows) out.push(`  ${label}: ${value}`);
    out.push("");
  }
  out.push("PRICING SUMMARY");
  for (const line of priceLines(input.booking)) out.push(`  ${line.label}: ${line.value}`);
  out.push("");
  out.push(...outro);
  return `${out.join("\n").trimEnd()}\n`;
}

export function renderHtml(title: string, intro: string[], input: BookingMailInput, outro: string): string {
  const cell = "padding:4px 8px;border-bottom:1px solid #e5e7eb;vertical-align:top";
  const sections = bookingFacts(input)
    .map(
      (section) =>
        `<h2 style="font-size:16px;margin:20px 0 6px">${escapeHtml(section.heading)}</h2>
<table style="border-collapse:collapse;width:100%">${section.rows
          .map(
            ([label, value]) =>
              `<tr><td style="${cell};color:#6b7280;width:40%">${escapeHtml(label)}</td><td style="${cell}">${escapeHtml(value)}</td></tr>`,
          )
          .join("")}</table>`,
    )
    .join("\n");
  const prices = priceLines(input.booking)
    .map((line) => {
      const weight = line.total ? "font-weight:bold;" : "";
      return `<tr><td style="${cell};${weight}">${escapeHtml(line.label)}</td><td style="${cell};${weight}text-align:right">${escapeHtml(line.value)}</td></tr>`;
    })
    .join("");
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#111827;max-width:640px;margin:0 auto;padding:16px">
<p style="margin:0;font-weight:bold;font-size:18px">${escapeHtml(contactSettings.name)}</p>
<p style="margin:2px 0 16px;color:#6b7280;font-size:13px">${escapeHtml(contactSettings.address)}<br>${escapeHtml(contactSettings.phones.join(" / "))} · ${escapeHtml(contactSettings.email)}</p>
<h1 style="font-size:20px">${escapeHtml(title)}</h1>
${intro.map((p) => `<p>${escapeHtml(p)}</p>`).join("\n")}
${sections}
<h2 style="font-size:16px;margin:20px 0 6px">Pricing Summary</h2>
<table style="border-collapse:collapse;width:100%">${prices}</table>
${outro}
</body></html>`;
}

/** The confirmation to the customer: everything the printable confirmation shows. */
export function bookingConfirmationMail(input: BookingMailInput): QueuedMail {
  const reference = bookingReference(input.booking);
  const customer = customerOf(input);
  const name = customer.fullName;
  const title = "Booking Confirmation";
  const intro = [
    `Dear ${name},`,
    `Thank you for booking with ${contactSettings.name}. Your booking has been received and is pending confirmation by our team. Please keep this e-mail: it is your booking confirmation.`,
    ...(input.myBookingLink
      ? [
          `My booking: see its status and balance, add missing documents, add it to your calendar or cancel it at ${input.myBookingLink}`,
        ]
      : []),
  ];
  const thanks = `Thank you for choosing ${contactSettings.name}! Questions? Call ${contactSettings.phones.join(" or ")} or write to ${contactSettings.email}.`;
  const text = renderText([`${title.toUpperCase()} - ${reference}`, "", ...intro], input, [
    "IMPORTANT INFORMATION",
    ...importantInformation.map((item) => `  - ${item}`),
    "",
    thanks,
    "",
    ...businessLines(input.publicUrl),
  ]);
  const html = renderHtml(
    title,
    intro,
    input,
    `${input.myBookingLink ? `<p><a href="${escapeHtml(input.myBookingLink)}">Open My booking</a></p>\n` : ""}<h2 style="font-size:16px;margin:20px 0 6px">Important Information</h2>
<ul>${importantInformation.map((item) => `<li>${escapeHtml(item)}</li>`).join("")}</ul>
<p>${escapeHtml(thanks)}</p>
<p style="color:#6b7280;font-size:13px">${businessLines(input.publicUrl).map(escapeHtml).join("<br>")}</p>`,
  );
  return {
    kind: "booking-confirmation",
    to: customer.email,
    subject: `Booking Confirmation ${reference} - ${contactSettings.name}`,
    text,
    html,
    bookingId: input.booking.id,
  };
}

/**
 * To the customer: their pending booking was not confirmed within the hold
 * (release 2 A4) and has expired; the dates are free again.
 * @param holdHours the hold that passed (`config.pendingHoldHours`).
 */
export function bookingExpiredMail(input: BookingMailInput, holdHours: number): QueuedMail {
  const reference = bookingReference(input.booking);
  const customer = customerOf(input);
  const hold = Number.isInteger(holdHours) ? `${holdHours} hours` : "the time we hold a booking";
  const title = "Booking Expired";
  const intro = [
    `Dear ${customer.fullName},`,
    `Your booking ${reference} was not confirmed within ${hold}, so it has expired and the car's dates are free again. Nothing is owed.`,
    `If you still want to rent, please book again or contact us: ${contactSettings.phones.join(" or ")}, ${contactSettings.email}.`,
  ];
  return customerStatusMail("booking-expired", title, intro, input);
}

/**
 * A mail to the customer about their booking's new status (expired,
 * cancelled): the title and reference, a few sentences, the booking's
 * details and the shop's lines.
 */
export function customerStatusMail(
  kind: QueuedMail["kind"],
  title: string,
  intro: string[],
  input: BookingMailInput,
): QueuedMail {
  const reference = bookingReference(input.booking);
  return {
    kind,
    to: customerOf(input).email,
    subject: `${title} ${reference} - ${contactSettings.name}`,
    text: renderText([`${title.toUpperCase()} - ${reference}`, "", ...intro], input, [
      ...businessLines(input.publicUrl),
    ]),
    html: renderHtml(
      title,
      intro,
      input,
      `<p style="color:#6b7280;font-size:13px">${businessLines(input.publicUrl).map(escapeHtml).join("<br>")}</p>`,
    ),
    bookingId: input.booking.id,
  };
}

/**
 * The notice to the business that a booking came in.
 * @param businessEmail the recipient (`config.businessEmail`); the contact settings' e-mail by default.
 */
export function bookingNoticeMail(
  input: BookingMailInput,
  businessEmail: string = contactSettings.email,
): QueuedMail {
  const reference = bookingReference(input.booking);
  const customer = customerOf(input);
  const contact = [customer.email, customer.phone].filter(Boolean).join(", ");
  const intro = [
    `A new booking was made by ${customer.fullName} (${contact}).`,
    "It is pending: confirm it in the admin area once the documents are checked.",
  ];
  const title = `New booking ${reference}`;
  return {
    kind: "booking-notice",
    to: businessEmail,
    subject: `New booking: ${input.car.name}, ${formatLongDate(input.booking.pickupDate)} - ${customer.fullName}`,
    text: renderText([title, "", ...intro], input, []),
    html: renderHtml(title, intro, input, ""),
    bookingId: input.booking.id,
  };
}

/**
 * The notice to the business of a message sent with the contact form.
 * @param businessEmail the recipient (`config.businessEmail`); the contact settings' e-mail by default.
 */
export function contactNoticeMail(
  message: ContactMailInput,
  businessEmail: string = contactSettings.email,
): QueuedMail {
  const name = `${message.firstName} ${message.lastName}`.trim();
  // Without a subject the mail says so, as the admin's Messages do (not a topic the sender never chose).
  const topic = message.subject?.trim() || null;
  const rows: [string, string][] = [
    ["From", name],
    ["Email", message.email],
    ["Phone", message.phone?.trim() || "Not given"],
    ["Subject", topic ?? NO_CONTACT_SUBJECT],
  ];
  const text = `${rows.map(([label, value]) => `${label}: ${value}`).join("\n")}\n\n${message.message.trim()}\n`;
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Contact message</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#111827;max-width:640px;margin:0 auto;padding:16px">
<h1 style="font-size:20px">Contact message: ${escapeHtml(topic ?? NO_CONTACT_SUBJECT)}</h1>
<table style="border-collapse:collapse">${rows
    .map(
      ([label, value]) =>
        `<tr><td style="padding:2px 12px 2px 0;color:#6b7280">${escapeHtml(label)}</td><td>${escapeHtml(value)}</td></tr>`,
    )
    .join("")}</table>
<p style="white-space:pre-wrap">${escapeHtml(message.message.trim())}</p>
</body></html>`;
  return {
    kind: "contact-notice",
    to: businessEmail,
    subject: topic ? `Contact form: ${topic} - ${name}` : `Contact form: ${name}`,
    text,
    html,
  };
}
