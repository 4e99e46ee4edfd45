import { Anchor } from "@mantine/core";
import {
  contactSettings,
  DELIVERY_FEES,
  distanceRates,
  DOCUMENT_MAX_BYTES,
  driverRates,
  INSURANCE_FEE,
  rentalTerms,
  TIME_SLOTS,
  TURNAROUND_HOURS,
} from "@car-rental/shared/constants";
import { formatPesos } from "../../lib/format";
import type { LegalSection } from "./legal-document";

const firstSlot = TIME_SLOTS[0].label;
const lastSlot = TIME_SLOTS[TIME_SLOTS.length - 1]?.label ?? firstSlot;
const documentLimitMb = DOCUMENT_MAX_BYTES / (1024 * 1024);

/** The Terms of Service, section by section (spec §2 "Terms"; values from shared/constants). */
export const termsSections: readonly LegalSection[] = [
  {
    id: "agreement",
    heading: "About these terms",
    body: (
      <>
        <p>
          These terms form the rental agreement between you (the renter) and {contactSettings.name}, of{" "}
          {contactSettings.address}. They apply to every booking, whether made on this website, by phone or at
          our garage. By ticking the terms box when you book, you confirm that you have read and accept them.
        </p>
      </>
    ),
  },
  {
    id: "eligibility",
    heading: "Who can rent",
    body: (
      <ul>
        <li>
          The renter must be at least {rentalTerms.minimumAge} years old and have held a driver&apos;s license
          for at least {rentalTerms.minimumDrivingYears} year.
        </li>
        <li>
          Anyone who drives the vehicle must meet the same age and experience requirements and be named on the
          booking.
        </li>
        <li>
          The license must be valid for the whole rental period: a Philippine driver&apos;s license, or a
          foreign license that is valid for driving in the Philippines.
        </li>
        <li>We may refuse a rental when the documents cannot be verified.</li>
      </ul>
    ),
  },
  {
    id: "documents",
    heading: "Documents required",
    body: (
      <>
        <p>When you book, you upload:</p>
        <ul>
          <li>Photo ID #1 and Photo ID #2: two different valid government-issued IDs with your photo;</li>
          <li>
            Proof of Billing: a recent utility bill or bank statement in your name, showing your address.
          </li>
        </ul>
        <p>
          Files may be JPG, PNG or PDF, up to {documentLimitMb} MB each. Bring your original driver&apos;s
          license at pickup; we compare it with the uploaded documents before handing over the keys.
        </p>
      </>
    ),
  },
  {
    id: "booking",
    heading: "Bookings and confirmation",
    body: (
      <>
        <p>
          A booking is made for one vehicle between a pickup date and a return date. When you submit it, we
          check that the vehicle is free for those dates and show you a booking confirmation with a booking
          reference, which you should print or save. Our staff may call you to confirm the details before the
          booking is confirmed.
        </p>
        <p>
          Pickup times are on the hour from {firstSlot} to {lastSlot}. Rentals run in 24-hour periods: the
          vehicle goes out on the pickup date at the pickup time and comes back on the return date at the same
          time of day. The number of rental days is the number of days between the pickup date and the return
          date, and is at least one.
        </p>
      </>
    ),
  },
  {
    id: "pricing",
    heading: "Prices and payment",
    body: (
      <>
        <p>All prices are in Philippine pesos. The total of a booking is:</p>
        <ul>
          <li>the vehicle&apos;s daily rate multiplied by the number of rental days;</li>
          <li>plus the driver fee per day, if you book a driver;</li>
          <li>
            plus the distance service fee per day, if you travel outside Pangasinan or more than 250 km;
          </li>
          <li>plus insurance of {formatPesos(INSURANCE_FEE)} per rental.</li>
        </ul>
        <table>
          <caption className="visually-hidden">Service fees</caption>
          <thead>
            <tr>
              <th scope="col">Service</th>
              <th scope="col">Fee</th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <td>Driver, within Pangasinan</td>
              <td>{formatPesos(driverRates.within_pangasinan)} per day</td>
            </tr>
            <tr>
              <td>Driver, outside Pangasinan</td>
              <td>{formatPesos(driverRates.outside_pangasinan)} per day</td>
            </tr>
            <tr>
              <td>Distance service, staying within Pangasinan</td>
              <td>Free</td>
            </tr>
            <tr>
              <td>Distance service, outside Pangasinan</td>
              <td>{formatPesos(distanceRates.outside_pangasinan_500)} per day</td>
            </tr>
            <tr>
              <td>Distance service, over 250 km</td>
              <td>{formatPesos(distanceRates.over_250km_800)} per day</td>
            </tr>
            <tr>
              <td>Insurance</td>
              <td>{formatPesos(INSURANCE_FEE)} per rental</td>
            </tr>
          </tbody>
        </table>
        <p>
          There are no hidden fees: the pricing summary shown before you submit is the price of the rental. If
          a vehicle&apos;s rate changes while you are booking, we show you the new total and you decide
          whether to book. The rental must be paid in full no later than pickup; each payment is recorded on
          your booking.
        </p>
      </>
    ),
  },
  {
    id: "deposit",
    heading: "Security deposit",
    body: (
      <p>
        Each car has a security deposit, {formatPesos(rentalTerms.defaultDeposit)} unless its card shows
        another. It is paid at pickup, kept apart from the rental total, and refunded when the car is returned
        in the condition it was received. Your booking confirmation shows the deposit of your booking.
      </p>
    ),
  },
  {
    id: "driver",
    heading: "Driver service",
    body: (
      <p>
        Every vehicle can be booked with a professional driver. The driver fee is charged per rental day. For
        trips that last more than a day or go far from Alaminos City, the renter provides the driver&apos;s
        meals and accommodation. The driver follows the rules of these terms, including the speed limit, and
        may refuse a route that is unsafe.
      </p>
    ),
  },
  {
    id: "delivery",
    heading: "Delivery",
    body: (
      <>
        <p>
          We can deliver the vehicle to your address. Delivery fees are paid separately and are not part of
          the booking total:
        </p>
        <table>
          <caption className="visually-hidden">Delivery fees</caption>
          <thead>
            <tr>
              <th scope="col">Destination</th>
              <th scope="col">Fee</th>
            </tr>
          </thead>
          <tbody>
            {DELIVERY_FEES.map((row) => (
              <tr key={row.destination}>
                <td>{row.destination}</td>
                <td>{row.fee === null ? "Free" : formatPesos(row.fee)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </>
    ),
  },
  {
    id: "use",
    heading: "Use of the vehicle",
    body: (
      <ul>
        <li>
          The maximum speed is {rentalTerms.maxSpeedKph} km/h, and lower wherever road signs or conditions
          require it.
        </li>
        <li>
          Only the drivers named on the booking may drive. Sub-renting or lending the vehicle is not allowed.
        </li>
        <li>No driving under the influence of alcohol or drugs, no racing, and no off-road driving.</li>
        <li>No smoking in the vehicle, and no transport of illegal, hazardous or flammable goods.</li>
        <li>Traffic fines, tolls and parking fees during the rental are paid by the renter.</li>
      </ul>
    ),
  },
  {
    id: "fuel",
    heading: "Fuel policy",
    body: (
      <p>
        The vehicle is handed over with the fuel level recorded at pickup and must be returned with the same
        level. Missing fuel is charged at the current pump price. Use only the fuel type shown on the vehicle
        (gas, diesel or hybrid).
      </p>
    ),
  },
  {
    id: "inspection",
    heading: "Inspection, insurance and accidents",
    body: (
      <>
        <p>
          We inspect the vehicle with you before and after the rental and note any existing marks. Each rental
          includes insurance for a flat {formatPesos(INSURANCE_FEE)}. Damage caused by breaking these terms,
          such as speeding, driving under the influence or letting an unnamed person drive, is not covered and
          is charged to the renter.
        </p>
        <p>
          In case of an accident, theft or breakdown, make sure everyone is safe, call us right away on{" "}
          {contactSettings.phones[0]} (24/7), and, for an accident or theft, report it to the nearest police
          station. Do not have the vehicle repaired without our approval.
        </p>
      </>
    ),
  },
  {
    id: "late-return",
    heading: "Late return",
    body: (
      <p>
        Return the vehicle at the time on your confirmation; we prepare it for the next customer within{" "}
        {TURNAROUND_HOURS} hours of your return. If you will be late, call us before your return time: we
        extend the rental when the vehicle is free. An unannounced late return may be charged as an extra
        rental day at the daily rate, plus any costs we incur for the next renter.
      </p>
    ),
  },
  {
    id: "cancellation",
    heading: "Changes and cancellations",
    body: (
      <ul>
        <li>Changes and cancellations need at least {rentalTerms.freeCancellationHours} hours notice.</li>
        <li>
          Free cancellation up to {rentalTerms.freeCancellationHours} hours before pickup: you get a full
          refund.
        </li>
        <li>
          Cancellation within {rentalTerms.freeCancellationHours} hours of pickup:{" "}
          {rentalTerms.lateCancellationRefundPercent}% of what you paid is refunded.
        </li>
        <li>No-show: no refund.</li>
      </ul>
    ),
  },
  {
    id: "law",
    heading: "Liability and governing law",
    body: (
      <p>
        The renter is responsible for the vehicle from pickup to return. We are not liable for personal
        belongings left in the vehicle. These terms are governed by the laws of the Republic of the
        Philippines; disputes are brought before the courts of Alaminos City, Pangasinan.
      </p>
    ),
  },
  {
    id: "contact",
    heading: "Contact",
    body: (
      <p>
        Questions about these terms: call {contactSettings.phones.join(" or ")}, email{" "}
        <Anchor href={`mailto:${contactSettings.email}`}>{contactSettings.email}</Anchor>, or visit us at{" "}
        {contactSettings.address} ({contactSettings.hours}).
      </p>
    ),
  },
];
