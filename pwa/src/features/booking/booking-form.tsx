import "@mantine/core/styles/Alert.css";
import "@mantine/core/styles/Checkbox.css";
import "@mantine/core/styles/CheckboxIndicator.css";
import "@mantine/core/styles/Combobox.css";
import "@mantine/core/styles/InlineInput.css";
import "@mantine/core/styles/Input.css";
import "@mantine/core/styles/ScrollArea.css";
import { zodResolver } from "@hookform/resolvers/zod";
import { Stack, Text } from "@mantine/core";
import { memo, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useForm, useFormState, useWatch, type Resolver, type UseFormReturn } from "react-hook-form";
import type { TimeSlot } from "@car-rental/shared/constants";
import { quoteWithRates } from "@car-rental/shared/pricing";
import { DEFAULT_RATES } from "@car-rental/shared/rates";
import {
  createBookingFormSchema,
  type BookingFormInput,
  type BookingFormValues,
  type PublicBookingResponse,
} from "@car-rental/shared/schemas/booking";
import type { Car } from "@car-rental/shared/schemas/car";
import { refreshBookedRanges, refreshRates, useRates } from "../../data/public-data";
import { retryWithBackoff } from "../../lib/retry-with-backoff";
import { useOnline } from "../../lib/use-online";
import { useStepwiseCount } from "../../lib/use-stepwise-count";
import { onRevealAllSections, PENDING_SECTION_ATTRIBUTE } from "../layout/section-reveal";
import { DocumentUploadList } from "../uploads/document-uploads";
import { noDocuments, useDocumentUploads } from "../uploads/use-document-uploads";
import { emptyBookingForm, type BookingDraft } from "./booking-draft";
import classes from "./booking-form.module.css";
import { BookingConfirm } from "./booking-confirm";
import type { Problem } from "./booking-problem";
import { DeliveryFields } from "./delivery-fields";
import { FormCard } from "./form-card";
import { PersonalInformationFields } from "./personal-information";
import { PricingSummary } from "./pricing-summary";
import { DepositNote } from "./deposit-note";
import { RentalSchedule } from "./rental-schedule";
import { RentalTerms } from "./rental-terms";
import { NoCarSelected, SelectedVehicle } from "./selected-vehicle";
import { RentalServices } from "./rental-services";
import { useBlockedName } from "./use-blocked-name";
import { useBookingSubmission, type ServerRate } from "./use-booking-submission";
import { hasUnansweredBookingAttempt } from "./booking-attempt";
import { useDraftAutosave } from "./use-draft-autosave";

type BookingFormProps = {
  /** The chosen car, or null: the form then invites the visitor to choose one. */
  car: Car | null;
  /** The restored draft, or null to start empty. */
  draft: BookingDraft | null;
  /** Today in Manila. */
  today: string;
  /** Two columns (pricing and submit beside the details) where the page is wide enough. */
  layout: "wide" | "narrow";
  onBooked: (result: PublicBookingResponse) => void;
  /** Takes the visitor to the cars ('Browse Our Fleet', 'Change Car'). */
  onBrowseFleet: () => void;
};

/**
 * The booking form (spec §2 "Booking page", §4, §5): the eight cards in
 * order, validated with the shared schema, priced live with the shared
 * quote, and sent to `POST /api/bookings`. What is typed survives a reload
 * and a lost connection (a draft in IndexedDB).
 */
export function BookingForm(props: BookingFormProps) {
  const { today, draft } = props;
  const resolver = useMemo(() => {
    // The schema is built at the first validation, not while the form mounts
    // (building a zod schema is a few milliseconds of a long task on a slow phone).
    let validate: Resolver<BookingFormInput, unknown, BookingFormValues> | undefined;
    const lazyResolver: Resolver<BookingFormInput, unknown, BookingFormValues> = (
      values,
      context,
      options,
    ) => {
      validate ??= zodResolver(createBookingFormSchema({ today }));
      return validate(values, context, options);
    };
    return lazyResolver;
  }, [today]);
  const form = useForm<BookingFormInput, unknown, BookingFormValues>({
    resolver,
    defaultValues: draft?.values ?? emptyBookingForm,
  });
  // useForm re-renders this component synchronously right after it mounts (its
  // "ready" state): the fields live in a memoized child that reads the form
  // state itself, so that re-render stops here instead of redrawing the form.
  return <BookingFormFields form={form} {...props} />;
}

/**
 * The form appears in six steps, each a small commit: cards 1–2, card 3's dates
 * and time, card 3's services, card 4, cards 5–6, then the terms and submit.
 */
const FORM_STAGES = 6;

/** A car's booked days that could not be fetched are fetched again after this, doubling up to the max. */
const RANGES_RETRY_FIRST_MS = 5_000;
const RANGES_RETRY_MAX_MS = 60_000;

type BookingFormFieldsProps = BookingFormProps & {
  form: UseFormReturn<BookingFormInput, unknown, BookingFormValues>;
};

const BookingFormFields = memo(function BookingFormFields({
  form,
  car,
  draft,
  today,
  layout,
  onBooked,
  onBrowseFleet,
}: BookingFormFieldsProps) {
  const { control, register, setValue, clearErrors } = form;
  const { errors, isSubmitting, isSubmitted } = useFormState({ control });
  const [shown, showAllStages] = useStepwiseCount(FORM_STAGES);
  // While stages are still to come the form counts as a pending section: a
  // scroll to a section below it (the home page's links) waits for its full height.
  useEffect(() => onRevealAllSections(showAllStages), [showAllStages]);
  const pending = shown < FORM_STAGES ? { [PENDING_SECTION_ATTRIBUTE]: "" } : {};

  const uploads = useDocumentUploads(draft?.documents ?? noDocuments);
  const online = useOnline();
  // A request sent before a reload got no answer: the server may have booked it (see booking-attempt.ts).
  const [problem, setProblem] = useState<Problem | null>(() =>
    hasUnansweredBookingAttempt() ? { kind: "no-answer" } : null,
  );
  /**
   * Counts the resets after a booking. `reset()` forgets the registered inputs
   * and fills them again only when they render; the memoized personal fields
   * would keep showing the old text, so a new count mounts them afresh.
   */
  const [resets, setResets] = useState(0);
  const [serverRate, setServerRate] = useState<ServerRate | null>(null);

  const values = useWatch({ control });
  const fullName = values.fullName ?? "";
  const pickupDate = values.pickupDate ?? "";
  const returnDate = values.returnDate ?? "";
  const driverService = values.driverService ?? "none";
  const distanceService = values.distanceService ?? "none";
  const wantsDelivery = values.wantsDelivery ?? false;

  const { isBlocked, markBlocked } = useBlockedName(fullName);

  // Back online: the note about the lost connection has done its job.
  useEffect(() => {
    if (online) setProblem((current) => (current?.kind === "offline" ? null : current));
  }, [online]);

  // Booked ranges of this car (shown by RentalSchedule): refreshed when the car changes.
  const carId = car?.id ?? null;
  const shownCarId = useRef<string | null>(null);
  useEffect(() => {
    if (carId === null) return;
    // Another car: the last submit's problem was about the one before (the draft's car arriving is not one).
    if (shownCarId.current !== null) setProblem(null);
    shownCarId.current = carId;
    // Without an answer (offline, a dropped or timed-out request) it is tried again, less and less
    // often, and at once when the connection returns; one fetch at a time.
    const retry = retryWithBackoff(
      async () => {
        try {
          return (await refreshBookedRanges(carId)) !== null;
        } catch (error: unknown) {
          console.warn("Could not refresh booked dates", error);
          return true;
        }
      },
      { firstMs: RANGES_RETRY_FIRST_MS, maxMs: RANGES_RETRY_MAX_MS },
    );
    retry.now();
    return () => retry.stop();
  }, [carId]);
  /** The pickup times offered for the chosen dates, kept up to date by RentalSchedule. */
  const freeSlots = useRef<readonly TimeSlot[]>([]);
  const clearDatesProblem = useCallback(
    () => setProblem((current) => (current?.kind === "dates" ? null : current)),
    [],
  );

  // The owner's seasonal rates and length discounts (release-2 §E1), cached for offline like the fleet.
  useEffect(() => {
    if (!online) return;
    refreshRates().catch((error: unknown) => console.warn("Could not refresh the rates", error));
  }, [online]);
  const rates = useRates() ?? DEFAULT_RATES;

  const dailyRate = car && serverRate?.carId === car.id ? serverRate.dailyRate : (car?.dailyRate ?? "0");
  const currentQuote = useMemo(
    () => quoteWithRates({ dailyRate, pickupDate, returnDate, driverService, distanceService, rates }),
    [dailyRate, pickupDate, returnDate, driverService, distanceService, rates],
  );

  const draftSaving = useDraftAutosave({
    carId,
    values,
    getValues: form.getValues,
    documents: uploads.documents,
  });
  const onReset = useCallback(() => setResets((count) => count + 1), []);
  const onSubmit = useBookingSubmission({
    form,
    car,
    isBlocked,
    markBlocked,
    uploads,
    freeSlots,
    currentQuote,
    draft: draftSaving,
    setProblem,
    setServerRate,
    onReset,
    onBooked,
  });

  const details = (
    <>
      <FormCard step={1} title="Selected Vehicle">
        {car ? (
          <SelectedVehicle car={car} onChange={onBrowseFleet} />
        ) : (
          <NoCarSelected onBrowseFleet={onBrowseFleet} />
        )}
      </FormCard>

      <FormCard step={2} title="Personal Information">
        <Text size="sm" c="dimmed" mb="sm">
          Every field is required unless marked optional.
        </Text>
        <PersonalInformationFields
          key={resets}
          register={register}
          errors={{
            fullName: errors.fullName?.message,
            email: errors.email?.message,
            phone: errors.phone?.message,
            license: errors.license?.message,
            facebookProfile: errors.facebookProfile?.message,
          }}
          isBlocked={isBlocked}
        />
      </FormCard>

      {shown >= 2 && (
        <FormCard step={3} title="Rental Details">
          <Stack gap="lg">
            <RentalSchedule
              control={control}
              setValue={setValue}
              clearErrors={clearErrors}
              carId={carId}
              today={today}
              pickupError={errors.pickupDate?.message}
              returnError={errors.returnDate?.message}
              pickupTimeError={errors.pickupTime?.message}
              validateDates={isSubmitted}
              onDatesChosen={clearDatesProblem}
              freeSlots={freeSlots}
            />

            {shown >= 3 && (
              <>
                <RentalServices control={control} />

                <DeliveryFields
                  control={control}
                  register={register}
                  wantsDelivery={wantsDelivery}
                  addressError={errors.deliveryAddress?.message}
                />
              </>
            )}
          </Stack>
        </FormCard>
      )}

      {shown >= 4 && (
        <FormCard step={4} title="Required Documents">
          <Text size="sm" c="dimmed" mb="sm">
            Upload two valid photo IDs and a proof of billing (JPG, PNG or PDF, up to 5 MB each). They stay
            private: only our staff can see them.
          </Text>
          <DocumentUploadList uploads={uploads} disabled={isSubmitting} />
        </FormCard>
      )}
    </>
  );

  const checkout = (
    <>
      <FormCard step={5} title="Pricing Summary">
        {car ? (
          <>
            <PricingSummary quote={currentQuote} />
            <DepositNote deposit={car.deposit} />
          </>
        ) : (
          <Text size="sm" c="dimmed">
            Choose a car to see the price.
          </Text>
        )}
      </FormCard>

      <FormCard step={6} title="Rental Terms and Insurance">
        <RentalTerms />
      </FormCard>
    </>
  );

  const confirm = (
    <BookingConfirm
      control={control}
      termsError={errors.acceptTerms?.message}
      problem={problem}
      online={online}
      isBlocked={isBlocked}
      isSubmitting={isSubmitting}
    />
  );

  return (
    <form
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      aria-label="Booking form"
      className={classes.form}
      data-layout={layout}
      {...pending}
    >
      <div className={classes.detailsColumn}>{details}</div>
      <div className={classes.checkoutColumn}>
        {shown >= 5 && checkout}
        {shown >= 6 && confirm}
      </div>
    </form>
  );
});
