import { zodResolver } from "@hookform/resolvers/zod";
import {
  Autocomplete,
  Button,
  Group,
  NumberInput,
  NativeSelect,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from "@mantine/core";
import { DialogModal } from "../../../lib/dialog-modal";
import { Controller, useForm } from "react-hook-form";
import { FUELS, TRANSMISSIONS } from "@car-rental/shared/constants";
import { manilaToday } from "@car-rental/shared/dates";
import { carFormMessages } from "@car-rental/shared/messages";
import type { CarInputBody } from "@car-rental/shared/schemas/car";
import type { LocalAdminCar } from "../../../data/db";
import { createCar } from "../../../data/mutations/cars/create-car";
import { updateCar } from "../../../data/mutations/cars/update-car";
import { changedFields } from "../../../data/mutations/changed-fields";
import { newId, queueChange } from "../frame/queue-change";
import { showToast } from "../../../lib/toast";
import { field } from "../../../lib/form-field";
import { CarPictureField, useCarPicture } from "./car-picture-field";
import {
  CATEGORY_SUGGESTIONS,
  carBodyOf,
  carFormOf,
  carFormSchema,
  emptyCarForm,
  type CarFormInput,
  type CarFormOutput,
} from "./car-form";
import { useSubmitOnce } from "../frame/use-submit-once";

type CarFormDialogProps = {
  opened: boolean;
  /** The car being edited, or null to add one. */
  car: LocalAdminCar | null;
  onClose: () => void;
};

const currentYear = () => Number(manilaToday(new Date()).slice(0, 4));

/** Spec §2 "Fleet Management": the add/edit car dialog with its picture upload. */
export function CarFormDialog({ opened, car, onClose }: CarFormDialogProps) {
  return (
    <DialogModal opened={opened} onClose={onClose} title={car ? "Edit Car" : "Add Car"} size="xl" centered>
      {opened ? <CarForm key={car?.id ?? "new"} car={car} onDone={onClose} /> : null}
    </DialogModal>
  );
}

/**
 * The fields the owner changed in the form: the car as it was, read through the same form, against
 * what is sent. Only those are sent (changed-fields.ts); every field when the car no longer reads
 * through today's form.
 */
function changedCarFields(car: LocalAdminCar, body: CarInputBody): string[] | undefined {
  const before = carFormSchema.safeParse(carFormOf(car));
  return before.success ? changedFields(carBodyOf(before.data, car.image), body) : undefined;
}

function CarForm({ car, onDone }: { car: LocalAdminCar | null; onDone: () => void }) {
  const form = useForm<CarFormInput, unknown, CarFormOutput>({
    resolver: zodResolver(carFormSchema),
    defaultValues: car ? carFormOf(car) : emptyCarForm(currentYear()),
  });
  const { control, handleSubmit } = form;
  const picture = useCarPicture(car?.image ?? null);
  const { image, uploading } = picture;

  const submit = async (values: CarFormOutput) => {
    // Spec §5: a new car needs a picture; an edited one keeps its own.
    if (!car && !image) {
      showToast(carFormMessages.validationError, "error");
      return;
    }
    const body = carBodyOf(values, image);
    const queued = car
      ? await queueChange(updateCar, { ...body, id: car.id, changed: changedCarFields(car, body) })
      : await queueChange(createCar, { ...body, id: newId() });
    if (queued) onDone();
  };

  const { onSubmit, submitting } = useSubmitOnce(handleSubmit(submit));
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
          <TextInput
            label="Car Name"
            required
            withAsterisk={false}
            size="md"
            {...field(form, "name")}
            data-autofocus
          />
          <Controller
            control={control}
            name="category"
            render={({ field, fieldState }) => (
              <Autocomplete
                label="Category"
                required
                withAsterisk={false}
                size="md"
                data={CATEGORY_SUGGESTIONS}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                ref={field.ref}
                error={fieldState.error?.message}
                comboboxProps={{ withinPortal: true }}
              />
            )}
          />
          <TextInput
            label="Daily Rate (₱)"
            required
            withAsterisk={false}
            inputMode="decimal"
            size="md"
            {...field(form, "dailyRate")}
          />
          {/* Release-2 §E2: apart from the rental total; blank means the default ₱3,000. */}
          <TextInput label="Deposit (₱)" inputMode="decimal" size="md" {...field(form, "deposit")} />
          <Controller
            control={control}
            name="seats"
            render={({ field, fieldState }) => (
              <NumberInput
                label="Seats"
                required
                withAsterisk={false}
                size="md"
                min={1}
                max={60}
                allowDecimal={false}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                ref={field.ref}
                error={fieldState.error?.message}
              />
            )}
          />
          <Controller
            control={control}
            name="transmission"
            render={({ field }) => (
              <NativeSelect
                label="Transmission"
                size="md"
                data={[...TRANSMISSIONS]}
                value={field.value}
                onChange={(event) => {
                  const picked = TRANSMISSIONS.find((option) => option === event.currentTarget.value);
                  if (picked) field.onChange(picked);
                }}
                onBlur={field.onBlur}
                ref={field.ref}
              />
            )}
          />
          <Controller
            control={control}
            name="fuel"
            render={({ field }) => (
              <NativeSelect
                label="Fuel"
                size="md"
                data={[...FUELS]}
                value={field.value}
                onChange={(event) => {
                  const picked = FUELS.find((option) => option === event.currentTarget.value);
                  if (picked) field.onChange(picked);
                }}
                onBlur={field.onBlur}
                ref={field.ref}
              />
            )}
          />
          <TextInput label="Mileage" size="md" placeholder="e.g. 25,000 km" {...field(form, "mileage")} />
          <Controller
            control={control}
            name="year"
            render={({ field, fieldState }) => (
              <NumberInput
                label="Year"
                size="md"
                min={1950}
                max={2100}
                allowDecimal={false}
                thousandSeparator={false}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                ref={field.ref}
                error={fieldState.error?.message}
              />
            )}
          />
          <TextInput label="Plate Number" size="md" {...field(form, "plateNumber")} />
          <Controller
            control={control}
            name="available"
            render={({ field }) => (
              <Switch
                label="Available for rent"
                size="md"
                mt={{ base: 0, sm: 30 }}
                checked={field.value}
                onChange={(event) => field.onChange(event.currentTarget.checked)}
              />
            )}
          />
        </SimpleGrid>
        <Textarea
          label="Description"
          size="md"
          autosize
          minRows={2}
          maxRows={6}
          {...field(form, "description")}
        />

        <CarPictureField picture={picture} />

        <Text size="sm" c="dimmed">
          {car
            ? "Car name, category, daily rate and seats are required."
            : "Car name, category, daily rate, seats and a car image are required."}
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" size="md" mih={44} onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" size="md" mih={44} disabled={uploading} loading={submitting}>
            {car ? "Update Car" : "Add Car"}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
