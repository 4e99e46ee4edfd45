import "@mantine/core/styles/Skeleton.css";
import { Skeleton } from "@mantine/core";
import { startTransition, Suspense, useCallback, useEffect, useRef, useState } from "react";
import { manilaToday } from "@car-rental/shared/dates";
import type { PublicBookingResponse } from "@car-rental/shared/schemas/booking";
import type { Car } from "@car-rental/shared/schemas/car";
import { useCars } from "../../data/public-data";
import { BookingForm } from "./booking-form";
import { loadBookingDraft, type BookingDraft } from "./booking-draft";
import classes from "./booking-form.module.css";
import { getSelectedCarId, selectCar, useSelectedCarId } from "./car-selection";
import { lazyRetrying } from "../../lib/lazy-retrying";

const BookingConfirmation = lazyRetrying(() =>
  import("../confirmation/booking-confirmation").then((m) => ({ default: m.BookingConfirmation })),
);

function sameCar(a: Car, b: Car): boolean {
  return (Object.keys(a) as (keyof Car)[]).every((key) => a[key] === b[key]);
}

/**
 * The same object while the car's details do not change: a refreshed fleet
 * (new objects, same values) then does not redraw the whole booking form.
 */
function useSameCar(car: Car | undefined): Car | undefined {
  const kept = useRef(car);
  const current = kept.current;
  const stable = car && current && sameCar(car, current) ? current : car;
  useEffect(() => {
    kept.current = stable;
  }, [stable]);
  return stable;
}

type BookingSectionProps = {
  /** 'wide' puts pricing and submit beside the details on large screens. */
  layout: "wide" | "narrow";
  /** Takes the visitor to the cars ('Browse Our Fleet', 'Change Car'). */
  onBrowseFleet: () => void;
  /** On /booking, closing the confirmation reloads the page (spec §2). */
  reloadOnConfirmationClose?: boolean;
};

/**
 * The booking part of the home #booking section and of /booking: the form
 * (inviting the visitor to choose a car until one is chosen), then the
 * confirmation.
 */
export function BookingSection({
  layout,
  onBrowseFleet,
  reloadOnConfirmationClose = false,
}: BookingSectionProps) {
  const [today] = useState(() => manilaToday(new Date()));
  const [draft, setDraft] = useState<BookingDraft | null | undefined>(undefined);
  const [confirmation, setConfirmation] = useState<PublicBookingResponse | null>(null);
  const selectedCarId = useSelectedCarId();
  // The fleet arrives as a transition (data/use-live-query.ts), like the draft below.
  const cars = useCars();

  useEffect(() => {
    let active = true;
    void loadBookingDraft(today).then((saved) => {
      if (!active) return;
      // The car of an unfinished booking comes back too, unless a car was chosen meanwhile.
      if (saved?.carId && getSelectedCarId() === null) selectCar(saved.carId);
      startTransition(() => setDraft(saved));
    });
    return () => {
      active = false;
    };
  }, [today]);

  const car = useSameCar(cars?.find((candidate) => candidate.id === selectedCarId && candidate.available));
  const onBooked = useCallback((result: PublicBookingResponse) => {
    setConfirmation(result);
    selectCar(null);
  }, []);

  const closeConfirmation = () => {
    setConfirmation(null);
    if (reloadOnConfirmationClose) window.location.reload();
  };

  const body =
    draft === undefined || cars === undefined ? (
      <Skeleton height={320} radius="lg" aria-label="Loading the booking form" />
    ) : (
      <BookingForm
        car={car ?? null}
        draft={draft}
        today={today}
        layout={layout}
        onBrowseFleet={onBrowseFleet}
        onBooked={onBooked}
      />
    );

  return (
    <div className={classes.section}>
      {body}
      {confirmation && (
        <Suspense fallback={null}>
          <BookingConfirmation result={confirmation} opened onClose={closeConfirmation} />
        </Suspense>
      )}
    </div>
  );
}
