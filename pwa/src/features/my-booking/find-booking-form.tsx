import { IconSearch } from "@tabler/icons-react";
import { useRef, useState, type FormEvent } from "react";
import { myBookingLabels } from "@car-rental/shared/my-booking";
import type { MyBookingFormValues } from "@car-rental/shared/schemas/my-booking";
import { Card, SubmitButton, TextInput } from "../../lib/light-form";
import { Stack } from "../../lib/light-ui";
import classes from "./find-booking-form.module.css";
import type { FindFormErrors } from "./my-booking-lookup";
import { loadMyBookingCode, type MyBookingCode } from "./use-my-booking";

type FindBookingFormProps = {
  busy: boolean;
  /** The reference to start with (a link that no longer opens its booking names it). */
  reference?: string | undefined;
  onFind: (values: MyBookingFormValues) => Promise<void>;
  /** The form's code could not be loaded (online, after several attempts). */
  onUnavailable: (error: unknown) => void;
};

const FIELDS = ["reference", "contact"] as const;

function valuesOf(form: HTMLFormElement): Record<keyof MyBookingFormValues, string> {
  const data = new FormData(form);
  const text = (name: string) => {
    const value = data.get(name);
    return typeof value === "string" ? value : "";
  };
  return { reference: text("reference"), contact: text("contact") };
}

/**
 * My booking's form: the booking reference and the e-mail or phone it was made with.
 *
 * Part of the page's prerendered HTML, it hydrates without a form library:
 * its inputs are uncontrolled, and it is checked on submit (then again on
 * each change, as react-hook-form does) with the form's zod schema, which
 * loads with the rest of the page's code once the form is first used.
 */
export function FindBookingForm({ busy, reference, onFind, onUnavailable }: FindBookingFormProps) {
  const [errors, setErrors] = useState<FindFormErrors>({});
  const [loading, setLoading] = useState(false);
  const submitted = useRef(false);

  const check = (code: MyBookingCode, form: HTMLFormElement) => code.checkFindForm(valuesOf(form));

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    submitted.current = true;
    setLoading(true);
    let code: MyBookingCode;
    try {
      code = await loadMyBookingCode();
    } catch (error) {
      onUnavailable(error);
      return;
    } finally {
      setLoading(false);
    }
    const checked = check(code, form);
    if ("errors" in checked) {
      setErrors(checked.errors);
      const first = FIELDS.find((name) => checked.errors[name] !== undefined);
      const input = first ? form.elements.namedItem(first) : null;
      if (input instanceof HTMLInputElement) input.focus();
      return;
    }
    setErrors({});
    await onFind(checked.values);
  };

  // After the first submit, each change checks the form again (clearing what was corrected).
  const recheck = (event: FormEvent<HTMLFormElement>) => {
    if (!submitted.current) return;
    const form = event.currentTarget;
    void loadMyBookingCode().then(
      (code) => {
        const checked = check(code, form);
        setErrors("errors" in checked ? checked.errors : {});
      },
      () => undefined,
    );
  };

  return (
    <Card>
      <form
        className={classes.form}
        noValidate
        onSubmit={(event) => void submit(event)}
        onChange={recheck}
        // The lookup's code (and the schema) load while the visitor types.
        onFocus={() => void loadMyBookingCode().catch(() => undefined)}
      >
        <Stack gap="md">
          <TextInput
            label={myBookingLabels.reference}
            name="reference"
            placeholder="ACR-7K3Q9P"
            autoComplete="off"
            autoCapitalize="characters"
            defaultValue={reference}
            required
            error={errors.reference}
          />
          <TextInput
            label={myBookingLabels.contact}
            name="contact"
            description="The e-mail address or phone number you booked with"
            autoComplete="email"
            required
            error={errors.contact}
          />
          <SubmitButton loading={busy || loading} leftSection={<IconSearch size={18} aria-hidden="true" />}>
            {myBookingLabels.find}
          </SubmitButton>
        </Stack>
      </form>
    </Card>
  );
}
