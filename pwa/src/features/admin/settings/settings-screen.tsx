import { Stack } from "@mantine/core";
import { ChangePasswordForm } from "./change-password-form";

/**
 * `/admin/settings`. One section per setting; release 2's `Notifications`
 * section goes below the password form, as its own component in this folder.
 */
export function SettingsScreen() {
  return (
    <Stack gap="xl">
      <ChangePasswordForm />
    </Stack>
  );
}
