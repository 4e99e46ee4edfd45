import "@mantine/core/styles/Alert.css";
import "@mantine/core/styles/Checkbox.css";
import "@mantine/core/styles/CheckboxIndicator.css";
import "@mantine/core/styles/Combobox.css";
import "@mantine/core/styles/InlineInput.css";
import "@mantine/core/styles/Input.css";
import "@mantine/core/styles/ScrollArea.css";
import "@mantine/core/styles/Table.css";
import { zodResolver } from "@hookform/resolvers/zod";
import { Alert, Anchor, Button, Card, Checkbox, Loader, Stack, Text, Textarea, Title } from "@mantine/core";
import { IconAlertTriangle, IconWifiOff } from "@tabler/icons-react";
import {
  memo,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  type FormEvent,
  type ReactNode,
} from "react";
import {
  Controller,
  useForm,
  useFormState,
  useWatch,
  type Resolver,
  type UseFormReturn,
} from "react-hook-form";
import {
  type TimeSlot,
  DISTANCE_SERVICES,
  DRIVER_SERVICES,
  distanceRates,
  distanceServiceOptions,
  driverRates,
  driverServiceOptions,
} from "@car-rental/shared/constants";
import {
  GENERIC_FAILURE,
  bookingLabels,
  bookingToasts,
  validationMessages,
} from "@car-rental/shared/messages";
import { formatPeso } from "@car-rental/shared/money";
import { quote, type PriceSummary } from "@car-rental/shared/pricing";
import {
  createBookingFormSchema,
  toPublicBookingRequest,
  type BookingFormInput,
  type BookingFormValues,
  type PublicBookingResponse,
} from "@car-rental/shared/schemas/booking";
import type { Car } from "@car-rental/shared/schemas/car";
import { datesUnavailableDetailsSchema, priceChangedDetailsSchema } from "@car-rental/shared/schemas/error";
import { ApiError, NetworkError, api, describeError } from "../../data/api-client";
import { refreshBookedRanges, refreshCars } from "../../data/public-data";
import { useOnline } from "../../lib/use-online";
import { useStepwiseCount } from "../../lib/use-stepwise-count";
import { onRevealAllSections, PENDING_SECTION_ATTRIBUTE } from "../layout/section-reveal";
import { DocumentUploadList } from "../uploads/document-uploads";
import { showToast } from "../../lib/toast";
import { noDocuments, useDocumentUploads } from "../uploads/use-document-uploads";
import { clearBookingDraft, emptyBookingForm, saveBookingDraft, type BookingDraft } from "./booking-draft";
import classes from "./booking-form.module.css";
import { PersonalInformationFields } from "./personal-information";
import { PricingSummary } from "./pricing-summary";
import { RentalSchedule } from "./rental-schedule";
import { DeliveryFees, RentalTerms } from "./rental-terms";
import { NoCarSelected, SelectedVehicle } from "./selected-vehicle";
import { ServiceRadios, type ServiceChoice } from "./service-radios";
import { useBlockedName } from "./use-blocked-name";

/** How long typing must pause before the draft is saved. */
const DRAFT_SAVE_DELAY_MS = 500;

const OFFLINE_MESSAGE =
  "You are offline. Booking needs an internet connection. What you have typed is kept on this device: send it when you are back online.";

/** A problem of the last submit that the form explains above the submit button. */
type Problem =
  | { kind: "offline" }
  | { kind: "price"; quote: PriceSummary; message: string }
  | { kind: "dates"; message: string };

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

function FormCard({ step, title, children }: { step: number; title: string; children: ReactNode }) {
  const id = `booking-card-${step}`;
  return (
    <Card component="section" aria-labelledby={id} className={classes.card} padding="lg">
      <div className={classes.cardHeading}>
        <span className={classes.step} aria-hidden="true">
          {step}
        </span>
        <Title order={3} id={id} className={classes.cardTitle}>
          {title}
        </Title>
      </div>
      {children}
    </Card>
  );
}

const driverChoices: readonly ServiceChoice[] = DRIVER_SERVICES.map((service) => ({
  value: service,
  ...driverServiceOptions[service],
  rate: driverRates[service],
}));

const distanceChoices: readonly ServiceChoice[] = DISTANCE_SERVICES.map((service) => ({
  value: service,
  ...distanceServiceOptions[service],
  rate: distanceRates[service],
}));

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
  const { control, register, handleSubmit, setValue, reset, setError, clearErrors } = form;
  const { errors, isSubmitting, isSubmitted } = useFormState({ control });
  const [shown, showAllStages] = useStepwiseCount(FORM_STAGES);
  // While stages are still to come the form counts as a pending section: a
  // scroll to a section below it (the home page's links) waits for its full height.
  useEffect(() => onRevealAllSections(showAllStages), [showAllStages]);
  const pending = shown < FORM_STAGES ? { [PENDING_SECTION_ATTRIBUTE]: "" } : {};

  const uploads = useDocumentUploads(draft?.documents ?? noDocuments);
  const online = useOnline();
  const [problem, setProblem] = useState<Problem | null>(null);
  /**
   * Counts the resets after a booking. `reset()` forgets the registered inputs
   * and fills them again only when they render; the memoized personal fields
   * would keep showing the old text, so a new count mounts them afresh.
   */
  const [resets, setResets] = useState(0);
  /** The daily rate the server quoted after a PRICE_CHANGED answer, for this car. */
  const [serverRate, setServerRate] = useState<{ carId: string; dailyRate: string } | null>(null);

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
  useEffect(() => {
    if (carId === null) return;
    setProblem(null);
    refreshBookedRanges(carId).catch((error: unknown) =>
      console.warn("Could not refresh booked dates", error),
    );
  }, [carId]);
  /** The pickup times offered for the chosen dates, kept up to date by RentalSchedule. */
  const freeSlots = useRef<readonly TimeSlot[]>([]);
  const clearDatesProblem = useCallback(
    () => setProblem((current) => (current?.kind === "dates" ? null : current)),
    [],
  );

  const dailyRate = car && serverRate?.carId === car.id ? serverRate.dailyRate : (car?.dailyRate ?? "0");
  const currentQuote = quote({ dailyRate, pickupDate, returnDate, driverService, distanceService });

  // The draft: saved a moment after the last change, never the files themselves.
  const saveTimer = useRef<number | undefined>(undefined);
  const draftEnabled = useRef(true);
  const latestDraft = useRef<BookingDraft | null>(null);
  useEffect(() => {
    latestDraft.current = {
      carId,
      values: { ...emptyBookingForm, ...form.getValues() },
      documents: uploads.documents,
    };
    if (!draftEnabled.current) return;
    window.clearTimeout(saveTimer.current);
    saveTimer.current = window.setTimeout(() => {
      if (draftEnabled.current && latestDraft.current) void saveBookingDraft(latestDraft.current);
    }, DRAFT_SAVE_DELAY_MS);
  }, [values, uploads.documents, carId, form]);
  // Leaving the page section (e.g. another route) still keeps the last keystrokes.
  useEffect(
    () => () => {
      window.clearTimeout(saveTimer.current);
      if (draftEnabled.current && latestDraft.current) void saveBookingDraft(latestDraft.current);
    },
    [],
  );

  const send = async (formValues: BookingFormValues) => {
    if (!car) {
      showToast(bookingToasts.noCarSelected, "error");
      return;
    }
    if (isBlocked) {
      showToast(bookingToasts.notAllowed, "error");
      return;
    }
    // Offline first: uploads and the booking both need the server.
    if (!navigator.onLine) {
      setProblem({ kind: "offline" });
      showToast(bookingToasts.failed, "error", OFFLINE_MESSAGE);
      return;
    }
    if (!uploads.allUploaded) {
      showToast(bookingToasts.documentsRequired, "error");
      return;
    }
    if (!freeSlots.current.includes(formValues.pickupTime)) {
      setError("pickupTime", { message: validationMessages.invalidPickupTime });
      return;
    }
    const { documents } = uploads;
    const body = toPublicBookingRequest(formValues, car.id, currentQuote, {
      photoId1Url: documents.photoId1Url?.objectPath ?? null,
      photoId2Url: documents.photoId2Url?.objectPath ?? null,
      proofOfBillingUrl: documents.proofOfBillingUrl?.objectPath ?? null,
    });
    try {
      const result = await api.call("createBooking", { body });
      // The booking is made: forget the draft before anything can save it again.
      draftEnabled.current = false;
      window.clearTimeout(saveTimer.current);
      await clearBookingDraft();
      setProblem(null);
      setServerRate(null);
      reset(emptyBookingForm);
      setResets((count) => count + 1);
      uploads.replaceAll(noDocuments);
      draftEnabled.current = true;
      showToast(bookingToasts.confirmed, "success");
      onBooked(result);
      void refreshBookedRanges(car.id).catch(() => undefined);
    } catch (error) {
      handleFailure(error, formValues, car.id);
    }
  };

  const handleFailure = (error: unknown, formValues: BookingFormValues, bookedCarId: string) => {
    console.error("Booking failed", error);
    if (error instanceof NetworkError) {
      setProblem({ kind: "offline" });
      showToast(bookingToasts.failed, "error", OFFLINE_MESSAGE);
      return;
    }
    const message = describeError(error, GENERIC_FAILURE);
    if (error instanceof ApiError && error.code === "PRICE_CHANGED") {
      const details = priceChangedDetailsSchema.safeParse(error.details);
      if (details.success) {
        setServerRate({ carId: bookedCarId, dailyRate: details.data.quote.dailyRate });
        setProblem({ kind: "price", quote: details.data.quote, message });
      }
      void refreshCars().catch(() => undefined);
    } else if (error instanceof ApiError && error.code === "DATES_UNAVAILABLE") {
      const details = datesUnavailableDetailsSchema.safeParse(error.details);
      if (details.success) console.info("Dates taken by", details.data.ranges);
      setProblem({ kind: "dates", message });
      setValue("pickupDate", "");
      setValue("returnDate", "");
      void refreshBookedRanges(bookedCarId).catch(() => undefined);
    } else if (error instanceof ApiError && error.code === "NAME_BLOCKED") {
      markBlocked(formValues.fullName);
      showToast(bookingToasts.notAllowed, "error");
      return;
    } else if (error instanceof ApiError && error.code === "CAR_UNAVAILABLE") {
      void refreshCars().catch(() => undefined);
    }
    showToast(bookingToasts.failed, "error", message);
  };

  // Without a car there is nothing to validate yet: say so first (spec §5).
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (car) return handleSubmit(send)(event);
    event.preventDefault();
    showToast(bookingToasts.noCarSelected, "error");
    return Promise.resolve();
  };

  const submitLabel = isBlocked
    ? bookingLabels.blocked
    : isSubmitting
      ? bookingLabels.processing
      : bookingLabels.submit;

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
                <ServiceRadios
                  control={control}
                  name="driverService"
                  label="Driver Service"
                  description="Every car is available with or without a professional driver."
                  choices={driverChoices}
                />

                <ServiceRadios
                  control={control}
                  name="distanceService"
                  label="Additional Distance Service"
                  description="For trips beyond Pangasinan or longer than 250 km."
                  choices={distanceChoices}
                />

                <div>
                  <Controller
                    control={control}
                    name="wantsDelivery"
                    render={({ field }) => (
                      <Checkbox
                        label="Request delivery to my address"
                        description="We bring the car to you and pick it up at the end of the rental."
                        checked={field.value ?? false}
                        onChange={(event) => field.onChange(event.currentTarget.checked)}
                        onBlur={field.onBlur}
                        name={field.name}
                        ref={field.ref}
                      />
                    )}
                  />
                  {wantsDelivery && (
                    <Textarea
                      label="Delivery Address"
                      required
                      withAsterisk={false}
                      autosize
                      minRows={2}
                      mt="sm"
                      placeholder="House number, street, barangay, town"
                      autoComplete="street-address"
                      error={errors.deliveryAddress?.message}
                      {...register("deliveryAddress")}
                    />
                  )}
                  <DeliveryFees />
                </div>
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
          <PricingSummary quote={currentQuote} />
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
    <>
      <Card className={classes.card} padding="lg">
        <Controller
          control={control}
          name="acceptTerms"
          render={({ field }) => (
            <Checkbox
              checked={field.value ?? false}
              onChange={(event) => field.onChange(event.currentTarget.checked)}
              onBlur={field.onBlur}
              name={field.name}
              ref={field.ref}
              error={errors.acceptTerms?.message}
              label={
                <>
                  I agree to the{" "}
                  <Anchor href="/terms" target="_blank" rel="noopener" inherit>
                    Terms of Service
                  </Anchor>{" "}
                  and{" "}
                  <Anchor href="/privacy" target="_blank" rel="noopener" inherit>
                    Privacy Policy
                  </Anchor>
                </>
              }
            />
          )}
        />
      </Card>

      {problem?.kind === "price" && (
        <Alert
          color="yellow"
          variant="light"
          title="The price has changed"
          icon={<IconAlertTriangle size={20} />}
        >
          {problem.message} New total: <strong>{formatPeso(problem.quote.total)}</strong> for{" "}
          {problem.quote.days === 1 ? "1 day" : `${problem.quote.days} days`}. Press {bookingLabels.submit}{" "}
          again to book at this price.
        </Alert>
      )}
      {problem?.kind === "dates" && (
        <Alert
          color="red"
          variant="light"
          title="These dates were just taken"
          icon={<IconAlertTriangle size={20} />}
        >
          {problem.message} The calendar now shows the latest bookings.
        </Alert>
      )}
      {(!online || problem?.kind === "offline") && (
        <Alert
          color="gray"
          variant="light"
          title="No connection"
          icon={<IconWifiOff size={20} />}
          role="status"
        >
          {OFFLINE_MESSAGE}
        </Alert>
      )}

      <Button
        type="submit"
        size="lg"
        fullWidth
        color={isBlocked ? "red.9" : undefined}
        disabled={isBlocked || isSubmitting}
        leftSection={isSubmitting ? <Loader size="sm" color="currentColor" aria-hidden="true" /> : undefined}
        className={classes.submit}
      >
        {submitLabel}
      </Button>
    </>
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
