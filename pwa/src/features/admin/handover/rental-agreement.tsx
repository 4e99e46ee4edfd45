import { createPortal } from "react-dom";
import { normalizeLicense } from "@car-rental/shared/blocklist-keys";
import { contactSettings, distanceServiceOptions, driverServiceOptions } from "@car-rental/shared/constants";
import { formatPeso } from "@car-rental/shared/money";
import type { LocalAdminCar, LocalBooking, LocalCustomer, LocalHandover } from "../../../data/db";
import { RentalTerms } from "../../booking/rental-terms";
import { longDate, longDateOfInstant, reference } from "../frame/display";
import { fuelText } from "./handover-records";
import classes from "./handover.module.css";

/**
 * The security deposit of release 2 §E2 (another change adds it to the
 * booking as `deposit`): shown when the booking carries it; until then this is
 * the one marked spot where it goes.
 */
function depositOf(booking: LocalBooking): string | null {
  const value: unknown = Reflect.get(booking, "deposit");
  return typeof value === "string" || typeof value === "number" ? formatPeso(value) : null;
}

/**
 * The licence the agreement prints: the one typed with this booking (a
 * returning customer's record keeps its own, release 2 A3), else the customer
 * record's, with its expiry when the two are the same licence.
 */
export function agreementLicense(
  booking: Pick<LocalBooking, "driverLicense">,
  customer: Pick<LocalCustomer, "license" | "licenseExpiry"> | undefined,
): string {
  const typed = booking.driverLicense?.trim();
  const recorded = customer?.license?.trim();
  const license = typed || recorded;
  if (!license) return "—";
  const sameAsRecord = recorded !== undefined && normalizeLicense(license) === normalizeLicense(recorded);
  const expiry =
    sameAsRecord && customer?.licenseExpiry ? ` (expires ${longDate(customer.licenseExpiry)})` : "";
  return `${license}${expiry}`;
}

type RentalAgreementProps = {
  booking: LocalBooking;
  customer: LocalCustomer | undefined;
  car: LocalAdminCar | undefined;
  checkOut: LocalHandover;
  /** Where the signature image comes from (this device's copy, else the server). */
  signatureSrc: string | null;
};

/**
 * `Print agreement` (release 2 §C3): one A4 page with the shop, the customer
 * and licence, the car and plate, the period and pickup time, the prices, the
 * deposit, the odometer and fuel at check-out, the rental terms and the
 * signature. Rendered straight into the body and shown by the print style
 * sheet only (everything else is hidden when printing).
 */
export function RentalAgreement({ booking, customer, car, checkOut, signatureSrc }: RentalAgreementProps) {
  const deposit = depositOf(booking);
  const rows: [string, string][] = [
    ["Customer", booking.customerName],
    ["E-mail · phone", [booking.customerEmail, customer?.phone].filter(Boolean).join(" · ")],
    ["Driver's licence", agreementLicense(booking, customer)],
    ["Car", `${booking.carName}${car?.plateNumber ? ` · plate ${car.plateNumber}` : ""}`],
    [
      "Period",
      `${longDate(booking.pickupDate)} → ${longDate(booking.returnDate)} (${booking.totalDays} days)`,
    ],
    ["Pickup time", booking.pickupTime],
    [
      "Driver · distance",
      `${driverServiceOptions[booking.driverService].label} · ${distanceServiceOptions[booking.distanceService].label}`,
    ],
    [
      "Prices",
      `Rental ${formatPeso(booking.subtotal)} · driver ${formatPeso(booking.driverFee)} · distance ${formatPeso(booking.distanceFee)} · insurance ${formatPeso(booking.insurance)}`,
    ],
    ["Total · paid", `${formatPeso(booking.total)} · ${formatPeso(booking.amountPaid)}`],
    ["Security deposit", deposit ?? "[Security deposit: not recorded on this booking]"],
    [
      "At check-out",
      `Odometer ${checkOut.odometerKm.toLocaleString("en-PH")} km · fuel ${fuelText(checkOut.fuelEighths)} · ${longDateOfInstant(checkOut.createdAt)}`,
    ],
    ["Damage noted", checkOut.notes ?? "None"],
  ];
  return createPortal(
    <div className={`${classes.agreement} handover-agreement`} data-testid="rental-agreement">
      <h1>Rental agreement · {reference(booking)}</h1>
      <div>
        {contactSettings.name} · {contactSettings.address} · {contactSettings.phones.join(" / ")} ·{" "}
        {contactSettings.email}
      </div>
      <h2>Rental</h2>
      <table>
        <tbody>
          {rows.map(([label, value]) => (
            <tr key={label}>
              <td style={{ width: "32%" }}>
                <strong>{label}</strong>
              </td>
              <td>{value}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <h2>Rental terms</h2>
      <RentalTerms />
      <h2>Customer's signature</h2>
      {signatureSrc ? (
        <img src={signatureSrc} alt="Customer's signature" className={classes.agreementSignature} />
      ) : (
        <div>[signature not on this device]</div>
      )}
      <div>
        {booking.customerName}, {longDateOfInstant(checkOut.createdAt)}
      </div>
    </div>,
    document.body,
  );
}
