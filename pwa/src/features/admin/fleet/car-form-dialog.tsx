import { zodResolver } from "@hookform/resolvers/zod";
import {
  Autocomplete,
  Box,
  Button,
  Group,
  Image,
  Loader,
  Modal,
  NumberInput,
  NativeSelect,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from "@mantine/core";
import { IconPhotoUp } from "@tabler/icons-react";
import { useEffect, useId, useState, type ChangeEvent } from "react";
import { Controller, useForm } from "react-hook-form";
import { FUELS, TRANSMISSIONS } from "@car-rental/shared/constants";
import { manilaToday } from "@car-rental/shared/dates";
import { carFormMessages, uploadToasts } from "@car-rental/shared/messages";
import type { LocalAdminCar } from "../../../data/db";
import { createCar, updateCar } from "../admin-actions";
import { showToast } from "../../../lib/toast";
import classes from "../frame/admin.module.css";
import { CAR_IMAGE_ACCEPT, uploadCarImage } from "./car-image-upload";
import {
  CATEGORY_SUGGESTIONS,
  carBodyOf,
  carFormOf,
  carFormSchema,
  emptyCarForm,
  type CarFormInput,
  type CarFormOutput,
} from "./car-form";
import { carPictureUrl } from "../frame/display";

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
    <Modal opened={opened} onClose={onClose} title={car ? "Edit Car" : "Add Car"} size="xl" centered>
      {opened ? <CarForm key={car?.id ?? "new"} car={car} onDone={onClose} /> : null}
    </Modal>
  );
}

function CarForm({ car, onDone }: { car: LocalAdminCar | null; onDone: () => void }) {
  const form = useForm<CarFormInput, unknown, CarFormOutput>({
    resolver: zodResolver(carFormSchema),
    defaultValues: car ? carFormOf(car) : emptyCarForm(currentYear()),
  });
  const { register, control, handleSubmit, formState } = form;
  const [image, setImage] = useState<string | null>(car?.image ?? null);
  const [preview, setPreview] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const fileId = useId();

  useEffect(() => {
    return () => {
      if (preview) URL.revokeObjectURL(preview);
    };
  }, [preview]);

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.currentTarget.files?.[0];
    event.currentTarget.value = "";
    if (!file) return;
    setUploading(true);
    const outcome = await uploadCarImage(file);
    setUploading(false);
    if (!outcome.ok) {
      showToast({ title: outcome.title, description: outcome.message }, "error");
      return;
    }
    setImage(outcome.objectPath);
    setPreview(URL.createObjectURL(file));
    showToast(uploadToasts.image, "success");
  };

  const submit = async (values: CarFormOutput) => {
    // Spec §5: a new car needs a picture; an edited one keeps its own.
    if (!car && !image) {
      showToast(carFormMessages.validationError, "error");
      return;
    }
    const body = carBodyOf(values, image);
    const queued = car ? await updateCar(car, body) : await createCar(body);
    if (queued) onDone();
  };

  const pictureSrc = preview ?? (image ? carPictureUrl(image) : null);

  return (
    <form onSubmit={(event) => void handleSubmit(submit)(event)} noValidate>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
          <TextInput
            label="Car Name"
            required
            withAsterisk={false}
            size="md"
            {...register("name")}
            error={formState.errors.name?.message}
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
            {...register("dailyRate")}
            error={formState.errors.dailyRate?.message}
          />
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
          <TextInput
            label="Mileage"
            size="md"
            placeholder="e.g. 25,000 km"
            {...register("mileage")}
            error={formState.errors.mileage?.message}
          />
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
          <TextInput
            label="Plate Number"
            size="md"
            {...register("plateNumber")}
            error={formState.errors.plateNumber?.message}
          />
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
          {...register("description")}
          error={formState.errors.description?.message}
        />

        <Stack gap={6}>
          <Text fw={500} size="md">
            Car Image
          </Text>
          <Group gap="md" align="center" wrap="wrap">
            <Box className={classes.picturePreview}>
              {pictureSrc ? (
                <Image src={pictureSrc} alt="Car picture preview" fit="contain" h="100%" w="100%" />
              ) : (
                <Text size="sm" c="dimmed" ta="center">
                  No picture yet
                </Text>
              )}
            </Box>
            <Stack gap={4}>
              <input
                id={fileId}
                type="file"
                accept={CAR_IMAGE_ACCEPT}
                aria-label="Car Image"
                className={classes.fileInput}
                disabled={uploading}
                onChange={(event) => void onFile(event)}
              />
              <Button
                component="label"
                htmlFor={fileId}
                variant="light"
                size="md"
                mih={44}
                leftSection={uploading ? <Loader size={16} /> : <IconPhotoUp size={18} aria-hidden />}
                data-disabled={uploading || undefined}
              >
                {image ? "Replace Image" : "Upload Image"}
              </Button>
              <Text size="xs" c="dimmed">
                JPG or PNG, up to 10 MB
              </Text>
            </Stack>
          </Group>
        </Stack>

        <Text size="sm" c="dimmed">
          {car
            ? "Car name, category, daily rate and seats are required."
            : "Car name, category, daily rate, seats and a car image are required."}
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" size="md" mih={44} onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" size="md" mih={44} disabled={uploading}>
            {car ? "Update Car" : "Add Car"}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
