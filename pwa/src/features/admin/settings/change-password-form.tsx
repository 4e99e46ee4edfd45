import "@mantine/core/styles/Input.css";
import "@mantine/core/styles/PasswordInput.css";
import { zodResolver } from "@hookform/resolvers/zod";
import { Alert, Button, PasswordInput, Stack, Text, Title } from "@mantine/core";
import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import * as z from "zod";
import { field } from "../../../lib/form-field";
import { showToast } from "../../../lib/toast";
import { useOnline } from "../../../lib/use-online";
import { changePassword } from "./change-password";

/** Release-2 §A2: the server refuses shorter ones too; the form says so before sending. */
export const MIN_PASSWORD_LENGTH = 12;
export const PASSWORD_LABELS = {
  current: "Current password",
  next: "New password",
  confirm: "Confirm new password",
  submit: "Change password",
} as const;
export const passwordMessages = {
  tooShort: "Use at least 12 characters.",
  mismatch: "The new passwords do not match.",
  required: "Enter your current password.",
  needsConnection: "Changing the password needs a connection.",
  changed: "Password changed",
} as const;

// Passwords are compared exactly as typed: no trimming.
const changePasswordSchema = z
  .object({
    currentPassword: z.string().min(1, { error: passwordMessages.required }),
    newPassword: z.string().min(MIN_PASSWORD_LENGTH, { error: passwordMessages.tooShort }),
    confirmPassword: z.string(),
  })
  .refine((values) => values.newPassword === values.confirmPassword, {
    error: passwordMessages.mismatch,
    path: ["confirmPassword"],
  });
type ChangePasswordValues = z.infer<typeof changePasswordSchema>;

const EMPTY: ChangePasswordValues = { currentPassword: "", newPassword: "", confirmPassword: "" };

/** Settings → Change password: sent straight to the server, so only online. */
export function ChangePasswordForm() {
  const online = useOnline();
  const titleId = useId();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<ChangePasswordValues>({
    resolver: zodResolver(changePasswordSchema),
    defaultValues: EMPTY,
  });

  const submit = async (values: ChangePasswordValues) => {
    setFailure(null);
    const result = await changePassword(values.currentPassword, values.newPassword);
    if (result.ok) {
      form.reset(EMPTY);
      showToast({ title: passwordMessages.changed }, "success");
    } else if (result.field) {
      form.setError(result.field, { message: result.message }, { shouldFocus: true });
    } else {
      setFailure(result.message);
    }
  };

  return (
    <Stack component="section" aria-labelledby={titleId} gap="md" maw={460}>
      <Title order={2} id={titleId} fz="xl">
        {PASSWORD_LABELS.submit}
      </Title>
      <form onSubmit={(event) => void form.handleSubmit(submit)(event)} noValidate>
        <Stack gap="md">
          <PasswordInput
            label={PASSWORD_LABELS.current}
            autoComplete="current-password"
            size="md"
            {...field(form, "currentPassword")}
          />
          <PasswordInput
            label={PASSWORD_LABELS.next}
            description={`At least ${MIN_PASSWORD_LENGTH} characters.`}
            autoComplete="new-password"
            size="md"
            {...field(form, "newPassword")}
          />
          <PasswordInput
            label={PASSWORD_LABELS.confirm}
            autoComplete="new-password"
            size="md"
            {...field(form, "confirmPassword")}
          />
          {failure ? (
            <Alert color="red" role="alert">
              {failure}
            </Alert>
          ) : null}
          <Button
            type="submit"
            size="md"
            mih={44}
            disabled={!online}
            loading={form.formState.isSubmitting}
            aria-describedby={online ? undefined : `${titleId}-offline`}
          >
            {PASSWORD_LABELS.submit}
          </Button>
          {online ? null : (
            <Text id={`${titleId}-offline`} size="sm" c="dimmed">
              {passwordMessages.needsConnection}
            </Text>
          )}
        </Stack>
      </form>
    </Stack>
  );
}
