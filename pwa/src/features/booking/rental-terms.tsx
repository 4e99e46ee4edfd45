import { List, Text, Title } from "@mantine/core";
import { memo } from "react";
import { DELIVERY_FEES, INSURANCE_FEE, rentalTerms } from "@car-rental/shared/constants";
import { formatPeso } from "@car-rental/shared/money";
import classes from "./booking-form.module.css";

/** Card 6: the rental terms and the insurance every rental includes. */
export const RentalTerms = memo(function RentalTerms() {
  return (
    <List spacing={6} size="sm" className={classes.termsList}>
      <List.Item>
        <strong>Security deposit:</strong> {formatPeso(rentalTerms.defaultDeposit)} unless the car shows
        another, paid at pickup and refunded when the car is returned; not part of your total.
      </List.Item>
      <List.Item>
        <strong>Maximum speed:</strong> {rentalTerms.maxSpeedKph} km/h.
      </List.Item>
      <List.Item>
        <strong>Age:</strong> renters must be at least {rentalTerms.minimumAge} years old with at least{" "}
        {rentalTerms.minimumDrivingYears} year of driving experience.
      </List.Item>
      <List.Item>
        <strong>Fuel policy:</strong> return the car with the same fuel level as at pickup.
      </List.Item>
      <List.Item>
        <strong>Insurance:</strong> every rental is insured for a flat {formatPeso(INSURANCE_FEE)} per rental,
        included in your total.
      </List.Item>
      <List.Item>
        <strong>Cancellation:</strong> free up to {rentalTerms.freeCancellationHours} hours before pickup;{" "}
        {rentalTerms.lateCancellationRefundPercent}% refund within {rentalTerms.freeCancellationHours} hours;
        no refund for a no-show.
      </List.Item>
    </List>
  );
});

/** The informational delivery fees of spec §9: shown, paid on delivery, not added to the total. */
export const DeliveryFees = memo(function DeliveryFees() {
  return (
    <div className={classes.deliveryFees}>
      <Title order={4} fz="sm" id="delivery-fees-title">
        Delivery fees
      </Title>
      <Text size="xs" c="dimmed" mb={6}>
        Paid on delivery; not included in the total below.
      </Text>
      <table aria-labelledby="delivery-fees-title" className={classes.feesTable}>
        <thead>
          <tr>
            <th scope="col">Destination</th>
            <th scope="col" className={classes.fee}>
              Fee
            </th>
          </tr>
        </thead>
        <tbody>
          {DELIVERY_FEES.map((row) => (
            <tr key={row.destination}>
              <td>{row.destination}</td>
              <td className={classes.fee}>{row.fee === null ? "Free" : formatPeso(row.fee)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
});
