import { Alert, TextInput } from "@mantine/core";
import { IconBan } from "@tabler/icons-react";
import { memo } from "react";
import type { UseFormRegister } from "react-hook-form";
import { BLOCKED_NAME_MESSAGE } from "@car-rental/shared/messages";
import type { BookingFormInput } from "@car-rental/shared/schemas/booking";
import classes from "./booking-form.module.css";

type PersonalField = "fullName" | "email" | "phone" | "license" | "facebookProfile";

type PersonalInformationFieldsProps = {
  register: UseFormRegister<BookingFormInput>;
  /** The message of each field's error, if any. */
  errors: Readonly<Record<PersonalField, string | undefined>>;
  /** The name is on the blocked list: say so under the fields. */
  isBlocked: boolean;
};

function sameErrors(
  a: PersonalInformationFieldsProps["errors"],
  b: PersonalInformationFieldsProps["errors"],
): boolean {
  return (
    a.fullName === b.fullName &&
    a.email === b.email &&
    a.phone === b.phone &&
    a.license === b.license &&
    a.facebookProfile === b.facebookProfile
  );
}

/**
 * The fields of the Personal Information card. The inputs are uncontrolled
 * (registered), so this only re-renders when an error message or the blocked
 * state changes, not on every keystroke elsewhere in the form.
 */
export const PersonalInformationFields = memo(
  function PersonalInformationFields({ register, errors, isBlocked }: PersonalInformationFieldsProps) {
    return (
      <>
        <div className={classes.fieldGrid}>
          <TextInput
            label="Full Name"
            autoComplete="name"
            required
            withAsterisk={false}
            error={errors.fullName}
            {...register("fullName")}
          />
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            inputMode="email"
            required
            withAsterisk={false}
            error={errors.email}
            {...register("email")}
          />
          <TextInput
            label="Phone Number"
            type="tel"
            autoComplete="tel"
            inputMode="tel"
            placeholder="09XX XXX XXXX"
            required
            withAsterisk={false}
            error={errors.phone}
            {...register("phone")}
          />
          <TextInput
            label="Driver's license number"
            description="Required for self-drive"
            autoComplete="off"
            error={errors.license}
            {...register("license")}
          />
          <TextInput
            label="Facebook Profile"
            description="Optional"
            placeholder="facebook.com/your.name"
            autoComplete="url"
            className={classes.fullWidth}
            error={errors.facebookProfile}
            {...register("facebookProfile")}
          />
        </div>
        {isBlocked && (
          <Alert
            color="red"
            variant="light"
            mt="md"
            icon={<IconBan size={20} aria-hidden="true" />}
            role="alert"
            className={classes.blockedAlert}
          >
            {BLOCKED_NAME_MESSAGE}
          </Alert>
        )}
      </>
    );
  },
  (previous, next) =>
    previous.register === next.register &&
    previous.isBlocked === next.isBlocked &&
    sameErrors(previous.errors, next.errors),
);
