import "@mantine/core/styles/Input.css";
import { zodResolver } from "@hookform/resolvers/zod";
import { Button, Card, Stack, TextInput } from "@mantine/core";
import { IconSearch } from "@tabler/icons-react";
import { useForm } from "react-hook-form";
import {
  myBookingFormSchema,
  myBookingLabels,
  type MyBookingFormValues,
} from "@car-rental/shared/schemas/my-booking";
import { field } from "../../lib/form-field";

type FindBookingFormProps = {
  busy: boolean;
  onFind: (values: MyBookingFormValues) => Promise<void>;
};

/** My booking's form: the booking reference and the e-mail or phone it was made with. */
export function FindBookingForm({ busy, onFind }: FindBookingFormProps) {
  const form = useForm<MyBookingFormValues>({
    resolver: zodResolver(myBookingFormSchema),
    defaultValues: { reference: "", contact: "" },
  });
  return (
    <Card withBorder radius="md" padding="lg">
      <form noValidate onSubmit={(event) => void form.handleSubmit(onFind)(event)}>
        <Stack gap="md">
          <TextInput
            label={myBookingLabels.reference}
            placeholder="ACR-7K3Q9P"
            autoComplete="off"
            autoCapitalize="characters"
            required
            {...field(form, "reference")}
          />
          <TextInput
            label={myBookingLabels.contact}
            description="The e-mail address or phone number you booked with"
            autoComplete="email"
            required
            {...field(form, "contact")}
          />
          <Button type="submit" loading={busy} leftSection={<IconSearch size={18} aria-hidden="true" />}>
            {myBookingLabels.find}
          </Button>
        </Stack>
      </form>
    </Card>
  );
}
