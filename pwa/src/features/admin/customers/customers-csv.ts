/**
 * The customer export (spec §7): built in the browser, one row per customer.
 * RFC 4180 (fields with commas, quotes or line breaks quoted, quotes doubled,
 * CRLF line ends), a guard against formula injection (a cell that starts
 * like a formula is prefixed with an apostrophe, so a spreadsheet shows it as
 * text), and a UTF-8 byte order mark so Excel reads the peso sign and
 * accented names correctly.
 */
import { manilaToday } from "@car-rental/shared/dates";
import { formatPeso, toMoneyString, tryParseMoney } from "@car-rental/shared/money";
import type { BookingStatus } from "@car-rental/shared/constants";

export const CSV_COLUMNS = [
  "Name",
  "Email",
  "Phone",
  "License",
  "Total Bookings",
  "Total Spent",
  "Registration Date",
  "Booking History",
] as const;

export const CSV_BOM = "\uFEFF";
const CRLF = "\r\n";

export type CsvBooking = {
  carName: string;
  pickupDate: string;
  returnDate: string;
  total: string;
  status: BookingStatus;
};

export type CsvCustomer = {
  fullName: string;
  email: string;
  phone: string;
  license: string | null;
  /** ISO instant. */
  createdAt: string;
  bookings: readonly CsvBooking[];
};

const FORMULA_START = /^[=+\-@\t\r]/;
/** A phone number or a signed number ('+63 917 123 4567', '-500'): no formula can hide in it. */
const PLAIN_NUMBER = /^[+-][\d\s().-]*$/;

/** One field: neutralised if it starts like a formula, quoted when RFC 4180 needs it. */
export function csvCell(value: string): string {
  const safe = FORMULA_START.test(value) && !PLAIN_NUMBER.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** The registration date, 'YYYY-MM-DD' in Manila time. */
function manilaDate(instant: string): string {
  const date = new Date(instant);
  return Number.isNaN(date.getTime()) ? "" : manilaToday(date);
}

/** What the customer spent: the totals of the bookings that were not cancelled. */
export function totalSpent(bookings: readonly Pick<CsvBooking, "total" | "status">[]): string {
  let sum = 0n;
  for (const booking of bookings) {
    if (booking.status !== "cancelled") sum += tryParseMoney(booking.total) ?? 0n;
  }
  return toMoneyString(sum);
}

function historyEntry(booking: CsvBooking): string {
  return `${booking.carName} (${booking.pickupDate} to ${booking.returnDate}, ${booking.status}, ${formatPeso(booking.total)})`;
}

/** The cells of one customer, in CSV_COLUMNS order (before quoting). */
export function customerCsvFields(customer: CsvCustomer): string[] {
  const history = [...customer.bookings].sort((a, b) => a.pickupDate.localeCompare(b.pickupDate));
  return [
    customer.fullName,
    customer.email,
    customer.phone,
    customer.license?.trim() ? customer.license : "N/A",
    String(customer.bookings.length),
    totalSpent(customer.bookings),
    manilaDate(customer.createdAt),
    history.map(historyEntry).join("; "),
  ];
}

/** The whole file: BOM, header, one line per customer, CRLF after every line. */
export function buildCustomersCsv(customers: readonly CsvCustomer[]): string {
  const lines = [CSV_COLUMNS.map(csvCell).join(",")];
  for (const customer of customers) lines.push(customerCsvFields(customer).map(csvCell).join(","));
  return CSV_BOM + lines.join(CRLF) + CRLF;
}

/** 'customers-2026-11-21.csv' for the Manila date of `now`. */
export function customersCsvFileName(now: Date): string {
  return `customers-${manilaToday(now)}.csv`;
}

type IdBooking = CsvBooking & { id: string };

/**
 * Issue #23: the tablet mirrors the bookings of the last 12 months and later;
 * the export adds the older ones the server sent (`older`, by customer id). An old booking the tablet also holds (a delta brought it) is
 * listed once, as the tablet has it.
 */
export function withOlderBookings(
  customers: readonly (Omit<CsvCustomer, "bookings"> & { id: string; bookings: readonly IdBooking[] })[],
  older: ReadonlyMap<string, readonly IdBooking[]>,
): CsvCustomer[] {
  return customers.map((customer) => {
    const held = new Set(customer.bookings.map((booking) => booking.id));
    const extra = (older.get(customer.id) ?? []).filter((booking) => !held.has(booking.id));
    return extra.length === 0 ? customer : { ...customer, bookings: [...customer.bookings, ...extra] };
  });
}
