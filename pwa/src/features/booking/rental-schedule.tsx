import { NativeSelect, Text } from "@mantine/core";
import { memo, useEffect, useMemo, useState, type RefObject } from "react";
import {
  Controller,
  useWatch,
  type Control,
  type UseFormClearErrors,
  type UseFormSetValue,
} from "react-hook-form";
import type { TimeSlot } from "@car-rental/shared/constants";
import type { BookingFormInput, BookingFormValues } from "@car-rental/shared/schemas/booking";
import { useBookedRanges, useBookedRangesLoad, usePublicSyncTime, useRates } from "../../data/public-data";
import { useOnline } from "../../lib/use-online";
import { AvailabilityCalendar } from "./availability-calendar";
import classes from "./booking-form.module.css";
import { defaultSlot, firstPickupDate, pickupSlots } from "./pickup-slots";
import { useManilaHour } from "./use-manila-hour";

/** How long the first fetch of a car's booked days may take before the calendar says it is loading. */
const SLOW_LOAD_MS = 1_000;

type RentalScheduleProps = {
  control: Control<BookingFormInput, unknown, BookingFormValues>;
  setValue: UseFormSetValue<BookingFormInput>;
  clearErrors: UseFormClearErrors<BookingFormInput>;
  /** The chosen car's id, or null: the calendar then asks for a car first. */
  carId: string | null;
  /** Today in Manila. */
  today: string;
  /** Validation messages of the dates and the time. */
  pickupError: string | undefined;
  returnError: string | undefined;
  pickupTimeError: string | undefined;
  /** After a failed submit, changed dates are validated at once. */
  validateDates: boolean;
  /** Called when the visitor picks or clears dates. */
  onDatesChosen: () => void;
  /** Receives the pickup times offered for the chosen dates (the form checks the time against them on submit). */
  freeSlots: RefObject<readonly TimeSlot[]>;
};

/**
 * Card 3's dates and time: the availability calendar and the Pickup Time list,
 * with the car's booked ranges. A component of its own, so the booked ranges
 * arriving from IndexedDB (or a date being picked) redraw only this part of
 * the form.
 */
export const RentalSchedule = memo(function RentalSchedule({
  control,
  setValue,
  clearErrors,
  carId,
  today,
  pickupError,
  returnError,
  pickupTimeError,
  validateDates,
  onDatesChosen,
  freeSlots,
}: RentalScheduleProps) {
  const [watchedPickupDate, watchedReturnDate, watchedPickupTime] = useWatch({
    control,
    name: ["pickupDate", "returnDate", "pickupTime"],
  });
  const pickupDate = watchedPickupDate ?? "";
  const returnDate = watchedReturnDate ?? "";
  const pickupTime = watchedPickupTime ?? "9:00 AM";

  // Dates kept from another car stay: a conflict shows in the calendar and the time list.
  const ranges = useBookedRanges(carId);
  // Offline, a car whose booked days never reached this device shows every day free: say so.
  const online = useOnline();
  const rangesFetchedAt = usePublicSyncTime(`bookedRanges:${carId ?? ""}`);
  const availabilityUnknown = !online && carId !== null && rangesFetchedAt === null;
  // Online, while the first fetch of them is under way or after it failed (a poor connection).
  const rangesLoad = useBookedRangesLoad(carId);
  const rangesPending = online && carId !== null && rangesFetchedAt === null && rangesLoad !== "loaded";
  // On a good connection they arrive at once: the note waits a moment rather than flash.
  const [slowLoad, setSlowLoad] = useState(false);
  const loading = rangesPending && rangesLoad === "loading";
  useEffect(() => {
    setSlowLoad(false);
    if (!loading) return;
    const timer = window.setTimeout(() => setSlowLoad(true), SLOW_LOAD_MS);
    return () => window.clearTimeout(timer);
  }, [loading]);
  // The seasonal days are marked (release-2 §E1); the booking form keeps the rates fresh.
  const rates = useRates();
  // Manila's hour, kept current: a slot that begins stops being offered, and with
  // the last one of the day today turns past in the calendar.
  const now = useManilaHour();
  const slots = useMemo(
    () => pickupSlots(pickupDate, returnDate, ranges ?? [], now),
    [pickupDate, returnDate, ranges, now],
  );
  useEffect(() => {
    freeSlots.current = slots;
  }, [slots, freeSlots]);
  // Keep the chosen time among the offered ones: 9:00 AM when free, else the first free slot.
  useEffect(() => {
    if (slots.includes(pickupTime)) return;
    const fallback = defaultSlot(slots);
    if (fallback !== null) setValue("pickupTime", fallback);
  }, [slots, pickupTime, setValue]);

  return (
    <>
      <div>
        <Text fw={600} mb={4} id="rental-dates-label">
          Rental Dates
        </Text>
        <Text size="sm" c="dimmed" mb="sm">
          Choose a pickup date, then a return date. Rentals run in 24-hour periods.
        </Text>
        {carId !== null ? (
          <div role="group" aria-labelledby="rental-dates-label">
            {rangesPending && rangesLoad === "failed" && (
              <Text size="sm" c="orange.9" mb="sm" role="status">
                This car&apos;s booked days could not be loaded (the connection is poor): every day shows as
                free. They are loaded again shortly, and checked when you book.
              </Text>
            )}
            {loading && slowLoad && (
              <Text size="sm" c="dimmed" mb="sm" role="status">
                Loading the days this car is booked…
              </Text>
            )}
            {availabilityUnknown && (
              <Text size="sm" c="orange.9" mb="sm" role="status">
                You are offline, and this car&apos;s booked days have not been loaded on this device yet:
                every day shows as free. They are checked when you book.
              </Text>
            )}
            <AvailabilityCalendar
              ranges={ranges}
              today={today}
              firstPickupDate={firstPickupDate(now)}
              pickupDate={pickupDate}
              returnDate={returnDate}
              pickupError={pickupError}
              returnError={returnError}
              periods={rates?.periods}
              onChange={(dates) => {
                setValue("pickupDate", dates.pickupDate, { shouldValidate: validateDates });
                setValue("returnDate", dates.returnDate, { shouldValidate: validateDates });
                onDatesChosen();
              }}
            />
          </div>
        ) : (
          <Text size="sm" className={classes.chooseCarFirst}>
            Choose a car first to see the dates it is free.
          </Text>
        )}
      </div>

      <Controller
        control={control}
        name="pickupTime"
        render={({ field }) => {
          const offered = field.value !== undefined && slots.includes(field.value);
          return (
            // A native list: the phone's own picker, and a real <select> for every assistive technology.
            <NativeSelect
              label="Pickup Time"
              description={
                pickupDate && returnDate
                  ? "Only the times this car is free for your dates are offered."
                  : "The car is returned at the same time of day."
              }
              data={offered ? slots : [{ value: "", label: "No free time", disabled: true }, ...slots]}
              value={offered ? field.value : ""}
              onChange={(event) => {
                field.onChange(event.currentTarget.value);
                clearErrors("pickupTime");
              }}
              onBlur={field.onBlur}
              ref={field.ref}
              error={
                pickupTimeError ??
                (slots.length === 0
                  ? "No pickup time is free for these dates. Please choose other dates."
                  : undefined)
              }
              className={classes.pickupTime}
            />
          );
        }}
      />
    </>
  );
});
